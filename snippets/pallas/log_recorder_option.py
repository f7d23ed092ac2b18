import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

import target


def add_kernel(x_ref, o_ref):
    pl.debug_print("x[0, 0] = {}", x_ref[0, 0])
    o_ref[...] = x_ref[...] + 1


on_tpu = target.name().startswith("tpu")
x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
add = pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                     interpret=not on_tpu)  # Mosaic on a TPU target, interpret mode on the CPU
texts = {}
for options in ({"xla_tpu_enable_log_recorder": "true"},  # the TPU compiler option
                {"xla_tpu_enable_log_recorderr": "true"},  # misspelled
                {}):
    try:
        compiled = target.compile(add, x, compiler_options=options)
        texts[str(options)] = re.sub(r", metadata=\{[^}]*\}", "", compiled.as_text())
        print(f"{options}: compiles")
    except Exception as e:
        print(f"{options}: {type(e).__name__} {e}")
if on_tpu:  # compile-only devices: nothing runs, and no log is written
    print("optimized HLO the same with and without the option:", len(set(texts.values())) == 1)
else:
    print(compiled(x)[0, :4])  # interpret mode prints without any option
