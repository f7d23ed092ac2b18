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


def mosaic_ops(op):
    """Lower a kernel applying op for a TPU; count arith ops in its Mosaic module."""
    def kernel(x_ref, o_ref):
        o_ref[...] = op(x_ref[...], 3)
    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
                          debug=True)
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        jax.export.export(jax.jit(call), platforms=["tpu"])(jnp.ones((8, 128), jnp.int32))
    module = text.getvalue().split("The Mosaic module")[1]
    return {name: module.count(name + " ") for name in
            ["arith.remsi", "arith.cmpi", "arith.select", "arith.addi"]}


print("Mosaic ops for jnp.mod:", mosaic_ops(jnp.mod))
print("Mosaic ops for lax.rem:", mosaic_ops(lax.rem))
