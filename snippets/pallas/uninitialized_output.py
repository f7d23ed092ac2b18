import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = 2 * x_ref[...]


def half_covered(dtype):
    return pl.pallas_call(
        double_kernel,
        out_shape=jax.ShapeDtypeStruct((8,), dtype),
        grid=(1,),  # bug: one step of 4 covers only half of the output
        in_specs=[pl.BlockSpec((4,), lambda i: (i,))],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        interpret=True,
    )


print(half_covered(jnp.float32)(jnp.arange(8.0)))
print(half_covered(jnp.int32)(jnp.arange(8, dtype=jnp.int32)))
