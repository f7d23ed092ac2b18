import contextlib
import io

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def scale_kernel(x_ref, o_ref):
    i = pl.program_id(0)
    pl.debug_print("step {} [first]: {}", i, x_ref[0])  # label each print
    pl.debug_print("step {} [block]: {}", i, x_ref[...])  # a whole block, too
    o_ref[...] = 2 * x_ref[...]


scale = pl.pallas_call(
    scale_kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    grid=(2,),
    in_specs=[pl.BlockSpec((4,), lambda i: (i,))],
    out_specs=pl.BlockSpec((4,), lambda i: (i,)),
    interpret=True,
)

# The prints arrive in no fixed order, so collect them and sort them by their labels.
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    result = scale(jnp.arange(8.0))
    jax.effects_barrier()  # wait until every print has happened
for line in sorted(printed.getvalue().splitlines()):
    print(line)
print(result)
