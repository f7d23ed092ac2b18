import re
from collections import Counter

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


# --8<-- [start:your-function]
def kernel(x_ref, y_ref, o_ref):  # runs once per grid step, on one block of each array
    o_ref[...] = x_ref[...] * 2.0 + y_ref[...]


def call(interpret):
    block = pl.BlockSpec((8, 128), lambda i, j: (i, j))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((16, 256), jnp.float32),
                          grid=(2, 2), in_specs=[block, block], out_specs=block, interpret=interpret)


args = (jnp.ones((16, 256)), jnp.ones((16, 256)))
# --8<-- [end:your-function]

# Everything below works for any such call.
closed = jax.make_jaxpr(call(True))(*args)
(eqn,) = [e for e in closed.jaxpr.eqns if e.primitive.name == "pallas_call"]
print("== the jaxpr: one pallas_call equation;", "grid:", eqn.params["grid_mapping"].grid,
      "; interpret:", eqn.params["interpret"])
print("the kernel, as the equation carries it:")
print(eqn.params["jaxpr"])

lowered = jax.jit(call(True)).lower(*args)
ops = Counter(re.findall(r"= (stablehlo\.\w+)", lowered.as_text()))
print("\n== StableHLO in interpret mode, operations by count:")
print(" ", ", ".join(f"{op.split('.')[1]} {n}" for op, n in ops.most_common()))
print("  custom_call:", ops["stablehlo.custom_call"])
hlo = lowered.compile().as_text()
trips = re.findall(r'"known_trip_count":\{"n":"(\d+)"\}', hlo)
print(f"== optimized HLO: {hlo.count(' while(')} while, trip count {trips}")

# Without interpret: lower for a TPU (Mosaic) on this CPU. Nothing is compiled or run.
print("\n== without interpret=True, lowered for a TPU:")
try:
    tpu = jax.export.export(jax.jit(call(False)), platforms=["tpu"])(*args).mlir_module()
    print("  custom calls:", re.findall(r"stablehlo\.custom_call @(\w+)", tpu))
except Exception as error:  # a kernel the TPU lowering rejects, and why
    print(f"  {type(error).__name__}: {str(error).split('. ')[0][:200]}")
try:  # and on this CPU, as it is
    jax.jit(call(False)).lower(*args)
except ValueError as error:
    print(f"== without interpret=True, on the CPU: ValueError: {error}")
