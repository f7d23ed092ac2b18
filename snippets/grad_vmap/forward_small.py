import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)  # the same f as grad_small.py


print(jax.make_jaxpr(f)(jnp.arange(3.0)))
