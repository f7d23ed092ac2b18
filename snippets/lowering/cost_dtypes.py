import jax
import jax.numpy as jnp


def flops(f, *shapes, dtype):
    args = [jax.ShapeDtypeStruct(shape, dtype) for shape in shapes]
    return jax.jit(f).lower(*args).compile().cost_analysis()["flops"]


# flops of an elementwise add of two [4096] arrays, and of an [8,16] @ [16,32] product
print(f"{'dtype':10} {'add, 4096 elements':>19} {'dot 8x16 @ 16x32':>17}")
for dtype in (jnp.float32, jnp.bfloat16, jnp.int16, jnp.complex64):
    add = flops(jnp.add, (4096,), (4096,), dtype=dtype)
    dot = flops(jnp.matmul, (8, 16), (16, 32), dtype=dtype)
    print(f"{jnp.dtype(dtype).name:10} {add:19.0f} {dot:17.0f}")

# what the CPU backend compiles for the bfloat16 add
x = jax.ShapeDtypeStruct((4096,), jnp.bfloat16)
optimized = jax.jit(jnp.add).lower(x, x).compile().as_text()
fused = optimized[optimized.index("%fused_computation") : optimized.index("ENTRY")]
print("\n".join(line.split(", metadata=")[0] for line in fused.strip().splitlines()))
