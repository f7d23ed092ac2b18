import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] @ y_ref[...]


matmul = pl.pallas_call(
    matmul_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 8), jnp.float32),
    grid=(2, 2),
    in_specs=[pl.BlockSpec((4, 8), lambda i, j: (i, 0)),
              pl.BlockSpec((8, 4), lambda i, j: (0, j))],
    out_specs=pl.BlockSpec((4, 4), lambda i, j: (i, j)),
    interpret=True,
)
x = jnp.ones((8, 8))
hlo = jax.jit(matmul).lower(x, x).as_text(dialect="hlo")

# Count the opcodes that carry the grid loop and the block copies.
for op in ["while", "dynamic-slice", "dynamic-update-slice", "dot"]:
    print(f"{op:22}", len(re.findall(rf" {op}\(", hlo)))

# Excerpt: the entry computation and the loop condition, nothing else.
blocks = hlo.split("\n\n")
for block in blocks:
    if block.startswith("ENTRY") or "direction=LT\n}" in block:
        print()
        print(block)
