import math

import jax
import jax.numpy as jnp
import numpy as np


def left_to_right(values):
    total = np.float32(0)
    for v in values:
        total = np.float32(total + v)  # round to f32 after every addition
    return total


# 2**24 followed by ones: at 2**24, float32 steps by 2, so 2**24 + 1 rounds back to 2**24.
# Every association order gives another result, which shows the order the sum used.
def runs_as(x):
    """The kind of fusion the optimized ENTRY runs the reduce in."""
    text = jax.jit(jnp.sum).lower(x).compile().as_text()
    line = next(l for l in text[text.index("ENTRY"):].splitlines() if " fusion(" in l)
    kind = line.split("kind=")[1].split(",")[0]
    return kind + (" " + line.split('"kind":"')[1].split('"')[0] if kind == "kCustom" else "")


print("n      exact      left to right  reduce     reduce, reversed input  reduce runs as")
for n in [8, 64, 4096]:
    x = np.ones(n, np.float32)
    x[0] = 2.0**24
    exact = math.fsum(x.astype(np.float64))
    forward = jax.jit(jnp.sum)(x)
    backward = jax.jit(jnp.sum)(x[::-1].copy())
    print(f"{n:<7}{exact:<11.0f}{left_to_right(x):<15.0f}{float(forward):<11.0f}{float(backward):<24.0f}{runs_as(x)}")

print()
print(jax.jit(jnp.sum).lower(x).as_text(dialect="hlo"))
