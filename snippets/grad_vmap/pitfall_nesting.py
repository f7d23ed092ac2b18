import jax
import jax.numpy as jnp


@jax.jit
def layer(w, x):
    return jnp.tanh(x @ w)


def f(w, x):
    return jnp.sum(layer(w, x))


print(jax.make_jaxpr(jax.grad(f))(jnp.ones((3, 2)), jnp.ones(3)))
