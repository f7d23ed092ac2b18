from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/tpu_stablehlo/ (git-ignored), the same on every run

import re
from collections import Counter

import jax
import jax.numpy as jnp
import numpy as np
from jax import export


# --8<-- [start:your-function]
def layer(x, w):
    return jax.nn.gelu(x @ w)


specs = (jax.ShapeDtypeStruct((8, 128), jnp.bfloat16), jax.ShapeDtypeStruct((128, 128), jnp.bfloat16))
jitted = jax.jit(layer)
# --8<-- [end:your-function]

# Everything below works for any jitted function. Lowering for a TPU needs no TPU.
exported = export.export(jitted, platforms=["tpu"])(*specs)
text = exported.mlir_module()  # StableHLO text, with locations
with open("module.tpu.mlir", "w") as f:
    f.write(text)
with open("module.tpu.mlirbc", "wb") as f:
    f.write(exported.mlir_module_serialized)  # the same module as portable MLIR bytecode
print("exported.platforms:", exported.platforms)
print(text.splitlines()[next(i for i, line in enumerate(text.splitlines()) if line.startswith("module"))])
print("operations:", dict(Counter(re.findall(r"\bstablehlo\.\w+", text))))
strip = lambda t: [re.sub(r" loc\(.*\)( \{)?$", r"\1", line) for line in t.splitlines() if not line.startswith("#loc")]
print("'tpu' in the module (without source locations):", any("tpu" in line.lower() for line in strip(text)),
      "| in the serialized export:", b"tpu" in exported.serialize())

# The same function lowered for the CPU, compared without the source locations.
cpu = export.export(jitted, platforms=["cpu"])(*specs).mlir_module()
print("the same StableHLO as for the CPU:", strip(text) == strip(cpu))
targets = lambda t: re.findall(r"stablehlo\.custom_call @([\w.]+)", t)
print("custom_call targets, TPU:", targets(text), "| CPU:", targets(cpu))

# What a CPU cannot do with it: run it. (Compiling for a TPU needs libtpu, not installed here.)
arrays = [np.zeros(s.shape, s.dtype) for s in specs]
try:
    exported.call(*arrays)
except ValueError as error:
    print("exported.call here:", type(error).__name__ + ":", error)
print("written: module.tpu.mlir, module.tpu.mlirbc")
