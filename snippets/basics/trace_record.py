import jax
import jax.numpy as jnp


def f(x):
    return x * jnp.sin(x)


# make_jaxpr runs the same trace that jit runs, and prints what it recorded.
print(jax.make_jaxpr(f)(2.0))
