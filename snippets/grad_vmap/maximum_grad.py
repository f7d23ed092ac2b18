import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.maximum(x, 0.0))


x = jnp.array([-1.0, 0.0, 2.0])
print(jax.make_jaxpr(jax.grad(f))(x))
print("grad at", x, "->", jax.grad(f)(x))
