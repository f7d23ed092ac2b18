import os

os.environ["JAX_PALLAS_DUMP_PROMELA_TO"] = "promela"  # read by older JAX only

import shutil

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def add_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


x = jnp.ones((8, 128), jnp.float32)
call = pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))
jax.export.export(jax.jit(call), platforms=["tpu"])(x)  # lowers through Mosaic
try:  # asked after the lowering, so every Pallas TPU module is loaded
    jax.config.update("jax_pallas_dump_promela_to", "promela")
except AttributeError as e:
    print("AttributeError:", e)
print("promela folder written:", os.path.isdir("promela"))
print("spin on PATH:", shutil.which("spin"))
