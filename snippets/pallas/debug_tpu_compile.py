import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

import target

if target.only("tpu"):  # a compile for a TPU: the lowering of debug_tpu_lowering.py, then libtpu's
    def add_kernel(a_ref, b_ref, sum_ref):
        sum_ref[...] = a_ref[...] + b_ref[...]

    tile = jax.ShapeDtypeStruct((8, 128), jnp.float32)
    add = pl.pallas_call(add_kernel, out_shape=tile, debug=True, name="my_add")
    compiled = target.compile(add, tile, tile)  # debug=True prints while the kernel lowers
    (call,) = [line.strip() for line in compiled.as_text().splitlines() if " custom-call(" in line]
    print("\nin the optimized HLO:", call.split(", operand_layout_constraints")[0])
    print("device:", compiled.input_shardings[0][0].device_set.pop().device_kind)
