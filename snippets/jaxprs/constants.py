import jax
import jax.numpy as jnp
import numpy as np

scale = jnp.arange(3.0)  # a concrete array the function closes over


def rescale(v):
    return v * scale + 2.0


closed = jax.make_jaxpr(rescale)(jnp.ones(3))
print(closed)
print(type(closed).__name__, "| constvars:", len(closed.constvars), "consts:", closed.consts)

# Without axes: a NumPy scalar is written inline, a jax.Array still is not.
for name, value in [("np.float32(3.0)", np.float32(3.0)), ("jnp.float32(3.0)", jnp.float32(3.0))]:
    print(f"closing over {name}:", jax.make_jaxpr(lambda v: v * value)(jnp.ones(3)))
