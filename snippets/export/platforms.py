import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

from symbolic_model import normalize

specs = (jax.ShapeDtypeStruct((2, 4), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))
x, w = np.ones((2, 4), np.float32), np.ones(4, np.float32)

print("default platforms:", export.export(jax.jit(normalize))(*specs).platforms)
# Lowering for a platform needs no device of that kind: this machine has only a CPU.
for platforms in (("cpu", "cuda"), ("cuda",)):
    exported = export.export(jax.jit(normalize), platforms=platforms)(*specs)
    main = next(line for line in exported.mlir_module().splitlines() if "func.func public @main" in line)
    print()
    print(f"platforms={platforms}:", re.sub(r" loc\([^)]*\)", "", main).strip())
    try:
        exported.call(x, w)
        print("  called on the CPU")
    except ValueError as e:
        print("  call:", type(e).__name__ + ":", e)
