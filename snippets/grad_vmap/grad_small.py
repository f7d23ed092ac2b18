import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)  # derivative: cos(x) - x * sin(x)


print(jax.make_jaxpr(jax.grad(f))(jnp.arange(3.0)))
