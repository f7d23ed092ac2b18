import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

from symbolic_model import normalize

specs = (jax.ShapeDtypeStruct((2, 4), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))
x, w = np.ones((2, 4), np.float32), np.ones(4, np.float32)



def describe(exported):
    module = exported.mlir_module()
    functions = [line for line in module.splitlines() if "func.func" in line]
    taking = [line for line in functions if '"_platform_index"' in line]
    poly = re.search(r"jax\.uses_shape_polymorphism = (\w+)", module).group(1)
    print(f"  jax.uses_shape_polymorphism = {poly}; functions taking _platform_index: {len(taking)} of {len(functions)}")


default = export.export(jax.jit(normalize))(*specs)
print("default platforms:", default.platforms)
describe(default)
# Lowering for a platform needs no device of that kind: this machine has only a CPU.
for platforms in (("cpu", "cuda"), ("cuda",)):
    exported = export.export(jax.jit(normalize), platforms=platforms)(*specs)
    main = next(line for line in exported.mlir_module().splitlines() if "func.func public @main" in line)
    print()
    print(f"platforms={platforms}:", re.sub(r" loc\([^)]*\)", "", main).strip())
    describe(exported)
    try:
        exported.call(x, w)
        print("  called on the CPU")
    except ValueError as e:
        print("  call:", type(e).__name__ + ":", e)

# A second case: three platforms, and a function that calls two jitted helpers of its own
scaled = jax.jit(lambda v: 2 * v)


def twice(x, w):
    return scaled(normalize(x, w)) + jax.jit(jnp.sin)(x)


exported = export.export(jax.jit(twice), platforms=("cpu", "cuda", "tpu"))(*specs)
print()
print("platforms=('cpu', 'cuda', 'tpu'), a function with two jitted helpers:")
describe(exported)
print("  called on the CPU, equal to jax.jit(twice):", bool(jnp.allclose(exported.call(x, w), jax.jit(twice)(x, w))))
