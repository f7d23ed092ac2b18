import os

os.environ["JAX_PALLAS_VERBOSE_ERRORS"] = "1"  # name the failing jaxpr equation

import traceback

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def spectrum_kernel(x_ref, o_ref):
    o_ref[...] = jnp.abs(jnp.fft.fft(x_ref[...]))  # complex numbers inside a kernel


x = jnp.ones((8, 128), jnp.float32)
call = pl.pallas_call(spectrum_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))
try:
    jax.export.export(jax.jit(call), platforms=["tpu"])(x)
except Exception as e:
    print(f"{type(e).__module__}.{type(e).__name__}")
    print(str(e))

jax.config.update("jax_pallas_verbose_errors", False)  # the default, for comparison
try:
    jax.export.export(jax.jit(call), platforms=["tpu"])(x)
except Exception as e:
    print("without it:", f"{type(e).__module__}.{type(e).__name__}:", str(e).splitlines()[0])
    # JAX chains the error to the traceback of the user code that traced the operation.
    frames = traceback.extract_tb(e.__cause__.__traceback__)
    print("  user frames in its cause:", [(f.name, f.lineno) for f in frames if f.filename == __file__])
