import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

# Which lowering pallas_call uses on an NVIDIA GPU when compiler_params does not say.
print("jax_pallas_use_mosaic_gpu:", jax.config.jax_pallas_use_mosaic_gpu)


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


call = pl.pallas_call(add_one, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32))
try:  # unlike the TPU lowering, the GPU lowerings are not in the CPU wheel
    jax.export.export(jax.jit(call), platforms=["cuda"])(jnp.ones(128))
except ValueError as e:
    print("ValueError:", ". ".join(str(e).split(". ")[:2]) + ".")
