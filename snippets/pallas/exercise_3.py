import logging

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

logging.getLogger("jax._src.callback").setLevel(logging.CRITICAL)


def window(x_ref, start_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(start_ref[0], 8)]


def clamped_window(x_ref, start_ref, o_ref):
    start = jnp.minimum(start_ref[0], x_ref.shape[0] - 8)  # the last valid start
    o_ref[...] = x_ref[pl.ds(start, 8)]


x = jnp.arange(16.0)
for kernel in [window, clamped_window]:
    call = pl.pallas_call(
        kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SMEM)],
        interpret=pltpu.InterpretParams())
    try:
        print(f"{kernel.__name__}:", call(x, jnp.array([12], jnp.int32)))
    except Exception as e:
        print(f"{kernel.__name__}:", "out-of-bounds read" if "Out-of-bounds" in str(e) else e)
        pltpu.reset_tpu_interpret_mode_state()
