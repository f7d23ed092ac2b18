import jax
import jax.numpy as jnp


def sum_of_squares(x):
    return jnp.sum(x * x)


print(jax.make_jaxpr(sum_of_squares)(jnp.arange(4.0)))
