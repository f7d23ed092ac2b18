import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


x = jnp.arange(8.0)
add = pl.pallas_call(
    add_kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    interpret=True,
    debug=True,  # print what Pallas made of the kernel while it lowers it
    name="my_add",
)
print(add(x, x))
