import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    pl.debug_print("step {} [first]: {}", pl.program_id(0), x_ref[0])
    o_ref[...] = x_ref[...]


call = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    grid=(2,),
    in_specs=[pl.BlockSpec((4,), lambda i: (i,))],
    out_specs=pl.BlockSpec((4,), lambda i: (i,)),
    interpret=True,
)
print(jax.make_jaxpr(call)(jnp.arange(8.0)))
