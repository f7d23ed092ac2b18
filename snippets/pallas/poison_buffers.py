import contextlib
import io
import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    def body(tmp_ref):  # tmp_ref: a VMEM buffer allocated for this scope
        tmp_ref[...] = 2 * x_ref[...]
        o_ref[...] = tmp_ref[...]

    pl.run_scoped(body, pltpu.VMEM((8, 128), jnp.float32))


def mosaic_module():
    """Lower a fresh pallas_call for a TPU and return its Mosaic module."""
    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                          debug=True)
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        jax.export.export(jax.jit(call), platforms=["tpu"])(jnp.ones((8, 128)))
    return text.getvalue().split("The Mosaic module")[1]


NAN = "dense<0x7FC00000>"  # a float32 NaN, as MLIR prints it
print("poison off: NaN constants", mosaic_module().count(NAN))
with pl.enable_poison_buffers(True):  # sets jax_pallas_poison_buffers for this block
    module = mosaic_module()
print("poison on:  NaN constants", module.count(NAN))
nan_value = re.search(r"(%\w+) = arith.constant " + NAN, module).group(1)
for line in module.splitlines():
    if f"store {nan_value}," in line:  # the store that fills the new buffer with NaN
        print("  ", line.strip())
