import re

import jax
import numpy as np
from jax import lax

rng = np.random.default_rng(0)
a = rng.standard_normal((256, 256)).astype(np.float32)
b = rng.standard_normal((256, 256)).astype(np.float32)
exact = a.astype(np.float64) @ b.astype(np.float64)

settings = {
    "DEFAULT": lax.Precision.DEFAULT,
    "HIGH": lax.Precision.HIGH,
    "HIGHEST": lax.Precision.HIGHEST,
    "BF16_BF16_F32": lax.DotAlgorithmPreset.BF16_BF16_F32,
}
results = {}
for name, precision in settings.items():
    fn = jax.jit(lambda a, b, p=precision: lax.dot(a, b, precision=p))
    results[name] = np.asarray(fn(a, b))
    optimized = fn.lower(a, b).compile().as_text()
    kept = re.findall(r"(operand_precision=\{\w+,\w+\}|algorithm=\w+)", optimized)
    print(f"{name:<14} largest error against float64: {np.abs(results[name] - exact).max():.0e},",
          "same bits as DEFAULT:", np.array_equal(results[name], results["DEFAULT"]), end=", ")
    print("in the optimized HLO:", kept or "nothing")

# What a bfloat16 product would lose: round the operands to bfloat16 first.
rounded = lax.dot(a.astype(jax.numpy.bfloat16), b.astype(jax.numpy.bfloat16),
                  preferred_element_type=np.float32)
print(f"{'bf16 operands':<14} largest error against float64: {np.abs(np.asarray(rounded) - exact).max():.0e}")
