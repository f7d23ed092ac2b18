import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = 2 * x_ref[...]


x = jnp.arange(8.0)
call = pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    grid=(1,),  # bug: one step of 4 covers only half of the output
    in_specs=[pl.BlockSpec((4,), lambda i: (i,))],
    out_specs=pl.BlockSpec((4,), lambda i: (i,)),
    interpret=True,
)
print(call(x))
