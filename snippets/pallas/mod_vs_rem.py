import contextlib
import io

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

x = jnp.array([-7, -1, 0, 1, 7], jnp.int32)
print("x            ", x)
print("jnp.mod(x, 3)", jnp.mod(x, 3))  # Python's %: sign of the divisor
print("lax.rem(x, 3)", lax.rem(x, 3))  # C's %: sign of the dividend

OPS = ["arith.remsi", "arith.cmpi", "arith.select", "arith.addi"]


def mosaic_ops(kernel, grid=()):
    """Lower a kernel for a TPU; count arith ops in its Mosaic module."""
    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
                          grid=grid, debug=True)
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        jax.export.export(jax.jit(call), platforms=["tpu"])(jnp.ones((8, 128), jnp.int32))
    module = text.getvalue().split("The Mosaic module")[1]
    return {name: module.count(name + " ") for name in OPS}


# On a whole block (a vector) ...
for name, op in [("jnp.mod", jnp.mod), ("lax.rem", lax.rem)]:
    def vector_kernel(x_ref, o_ref, op=op):
        o_ref[...] = op(x_ref[...], 3)
    print(f"Mosaic ops for {name} on a block:   ", mosaic_ops(vector_kernel))

# ... and on the scalar grid index, the case older guides warned about.
for name, op in [("pl.program_id(0) % 2", lambda i: i % 2),
                 ("lax.rem(pl.program_id(0), 2)", lambda i: lax.rem(i, 2))]:
    def scalar_kernel(x_ref, o_ref, op=op):
        o_ref[...] = jnp.full(o_ref.shape, op(pl.program_id(0)), jnp.int32)
    print(f"Mosaic ops for {name}:", mosaic_ops(scalar_kernel, grid=(4,)))
