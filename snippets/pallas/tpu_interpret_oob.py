import logging

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

# The failing callback also logs its whole traceback; keep the output short.
logging.getLogger("jax._src.callback").setLevel(logging.CRITICAL)


def window_kernel(x_ref, start_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(start_ref[0], 8)]  # 8 elements from a dynamic start


x = jnp.arange(16.0)
spec = jax.ShapeDtypeStruct((8,), jnp.float32)
plain = pl.pallas_call(window_kernel, out_shape=spec, interpret=True)
tpu_sim = pl.pallas_call(
    window_kernel, out_shape=spec,
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SMEM)],
    interpret=pltpu.InterpretParams(),  # TPU interpret mode, out_of_bounds_reads="raise"
)
for start in [4, 11]:
    s = jnp.array([start], jnp.int32)
    print(f"start={start} interpret=True:           ", plain(x, s))
    try:
        print(f"start={start} interpret=InterpretParams:", tpu_sim(x, s))
    except Exception as e:
        line = [l for l in str(e).splitlines() if "Out-of-bounds" in l][-1]
        print(f"start={start} interpret=InterpretParams:", line.strip())
        pltpu.reset_tpu_interpret_mode_state()  # required after an error
