import jax
import jax.numpy as jnp

scale = jnp.arange(3.0)  # a concrete array the function closes over


def rescale(v):
    return v * scale + 2.0


closed = jax.make_jaxpr(rescale)(jnp.ones(3))
print(closed)
print(type(closed).__name__, "| constvars:", len(closed.constvars), "consts:", closed.consts)
