import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


x = jnp.arange(8.0)
add = pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32))
try:
    add(x, x)  # no interpret=True: Pallas looks for a Mosaic or Triton backend
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])  # first line of the message only
