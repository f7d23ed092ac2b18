import jax
import jax.numpy as jnp

import target


def flops(f, *shapes, dtype):
    args = [jax.ShapeDtypeStruct(shape, dtype) for shape in shapes]
    costs = target.compile(f, *args).cost_analysis()
    return costs["flops"] if costs is not None else float("nan")  # nan: no cost analysis (a GPU target)


# flops of an elementwise add of two [4096] arrays, and of an [8,16] @ [16,32] product
print(f"{'dtype':10} {'add, 4096 elements':>19} {'dot 8x16 @ 16x32':>17}")
for dtype in (jnp.float32, jnp.bfloat16, jnp.int16, jnp.complex64):
    add = flops(jnp.add, (4096,), (4096,), dtype=dtype)
    dot = flops(jnp.matmul, (8, 16), (16, 32), dtype=dtype)
    print(f"{jnp.dtype(dtype).name:10} {add:19.0f} {dot:17.0f}")

# what the backend compiles for the bfloat16 add
x = jax.ShapeDtypeStruct((4096,), jnp.bfloat16)
optimized = target.compile(jnp.add, x, x).as_text()
start = optimized.find("\n%")  # the computations ENTRY calls; none: ENTRY itself
fused = optimized[start + 1 : optimized.index("ENTRY")] if start >= 0 else optimized[optimized.index("ENTRY"):]
print("\n".join(line.split(", metadata=")[0] for line in fused.strip().splitlines()))
