import jax
import jax.numpy as jnp

import target
from hlo_lines import fusions


def by_argument(x, c):
    return x / c


def by_constant(x):
    return x / 3.0


x, c = jax.ShapeDtypeStruct((8, 16), jnp.float32), jax.ShapeDtypeStruct((), jnp.float32)
x16, c16 = jax.ShapeDtypeStruct((8, 16), jnp.bfloat16), jax.ShapeDtypeStruct((), jnp.bfloat16)
for name, function, args in (("by_argument", by_argument, (x, c)), ("by_constant", by_constant, (x,)),
                             ("by_argument in bfloat16", by_argument, (x16, c16))):
    print(f"{name}:")
    for fusion in fusions(target.compile(function, *args)):
        print(f"  {fusion['name']}: {' '.join(fusion['opcodes'])}")

# What the CPU's rewrite can change: x * (1/c) against x / c, in float32, for x = 1 ... 1000 and c = 3
import numpy as np

x = np.arange(1, 1001, dtype=np.float32)
c = np.float32(3)
print("x / 3 and x * (1/3) differ for", int((x / c != x * (np.float32(1) / c)).sum()), "of 1000 values")
