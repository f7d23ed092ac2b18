import contextlib
import io

import jax
import jax.numpy as jnp
from jax.experimental import checkify
from jax.experimental import pallas as pl


def checked(x_ref, o_ref):
    pl.debug_check(jnp.all(x_ref[...] > 0), "x must be positive")
    o_ref[...] = x_ref[...]


def plain_check(x_ref, o_ref):
    checkify.check(jnp.all(x_ref[...] > 0), "x must be positive")
    o_ref[...] = x_ref[...]


def mosaic_text(kernel):
    """Lower the kernel for a TPU and return the Mosaic module debug=True printed."""
    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
                          debug=True)
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        jax.export.export(jax.jit(call), platforms=["tpu"])(jnp.ones((8, 128), jnp.int32))
    return text.getvalue().split("The Mosaic module")[1]


print("debug_check, checks off:", mosaic_text(checked).count("cf.assert"), "cf.assert")
with pl.enable_debug_checks(True):
    module = mosaic_text(checked)
print("debug_check, checks on: ", module.count("cf.assert"), "cf.assert")
print("  ", [line.strip() for line in module.splitlines() if "cf.assert" in line][0])
try:
    mosaic_text(plain_check)
except NotImplementedError as e:
    print("checkify.check:", type(e).__name__, e)
