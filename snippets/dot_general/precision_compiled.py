import re

import jax
import jax.numpy as jnp
from jax import lax

import target

# A 256x256 float32 product with each precision and two algorithms, compiled for the target (no
# run: the compile-only TPU and GPU devices cannot run it). For each, the instruction that
# multiplies and what it carries; a TPU's fusion also carries the compiler's cycle estimate.
x = jax.ShapeDtypeStruct((256, 256), jnp.float32)
settings = {
    "DEFAULT": lax.Precision.DEFAULT,
    "HIGH": lax.Precision.HIGH,
    "HIGHEST": lax.Precision.HIGHEST,
    "BF16_BF16_F32": lax.DotAlgorithmPreset.BF16_BF16_F32,
    "TF32_TF32_F32": lax.DotAlgorithmPreset.TF32_TF32_F32,
}
for name, precision in settings.items():
    try:
        text = target.compile(lambda a, b, p=precision: lax.dot(a, b, precision=p), x, x).as_text()
    except Exception as error:  # an algorithm the target does not support
        print(f"{name:<14} not compiled: {type(error).__name__}")
        continue
    product = next(line for line in text.splitlines() if re.search(r" (dot|convolution)\(", line))
    opcode = re.search(r" (dot|convolution)\(", product)[1]
    kept = re.findall(r"(operand_precision=\{\w+,\w+\}|algorithm=\w+)", product)
    cycles = re.findall(r'"estimated_cycles":"(\d+)"', text)
    print(f"{name:<14} {opcode:<12} {', '.join(kept) or 'nothing'}"
          + (f"  (estimated_cycles {max(map(int, cycles))})" if cycles else ""))
