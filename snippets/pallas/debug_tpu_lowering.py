import base64
import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(a_ref, b_ref, sum_ref):
    sum_ref[...] = a_ref[...] + b_ref[...]


tile = jax.ShapeDtypeStruct((8, 128), jnp.float32)  # one tile: the smallest TPU block
x = jnp.ones(tile.shape, tile.dtype)
add = pl.pallas_call(add_kernel, out_shape=tile, debug=True, name="my_add")
# Lower for a TPU without having one: jax.export runs the whole lowering,
# Pallas-to-Mosaic included, in Python. Nothing is compiled or run.
exported = jax.export.export(jax.jit(add), platforms=["tpu"])(x, x)
stablehlo = exported.mlir_module()
print("\ncustom calls in the StableHLO:", stablehlo.count("stablehlo.custom_call"))
print("target:", "@tpu_custom_call" in stablehlo)
# The payload: backend_config holds the Mosaic module, base64-encoded MLIR bytecode.
body = re.search(r'\\22body\\22: \\22([A-Za-z0-9+/=]+)', stablehlo).group(1)
print("payload starts with MLIR's bytecode magic:", base64.b64decode(body)[:4] == b"ML\xefR")
