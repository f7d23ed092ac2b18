import jax
import jax.numpy as jnp

x = jnp.ones((8, 16))  # activations
w = jnp.ones((16, 32))  # weights


def weights_on_the_right(x, w):
    return jnp.sum(x @ w)


def weights_on_the_left(x, w):
    return jnp.sum(w.T @ x.T)  # the same numbers, transposed: w.T is now the left operand


for f in (weights_on_the_right, weights_on_the_left):
    print(f"{f.__name__}:")
    # argnums=(0, 1): differentiate with respect to both x and w
    print(jax.make_jaxpr(jax.grad(f, argnums=(0, 1)))(x, w))
