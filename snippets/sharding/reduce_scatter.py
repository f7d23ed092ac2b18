import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402  (snippets/target.py: the devices of the CPU or a TPU or GPU)

mesh = jax.make_mesh((8,), ("x",), devices=target.devices(8))  # the CPU, or LIVE_TARGET's
spec = jax.ShapeDtypeStruct((64, 16), jnp.float32)


def collectives(compiled):
    """Excerpt: the lines of a compiled module that communicate or slice per device."""
    ops = (" all-reduce(", " reduce-scatter(", " dynamic-slice(")
    return [l.strip().split(", metadata=")[0] for l in compiled.as_text().splitlines()
            if any(op in l for op in ops)]


# 1. Written by hand: every device sums the 8 full arrays and keeps its 8-row block.
def sum_then_split(block):  # block: the whole f32[64,16] on every device
    return jax.lax.psum_scatter(block, "x", scatter_dimension=0, tiled=True)


by_hand = jax.jit(jax.shard_map(sum_then_split, mesh=mesh, in_specs=P(), out_specs=P("x")))
print("shard_map + psum_scatter:")
print("\n".join(collectives(by_hand.lower(spec).compile())))

# 2. Left to the partitioner: a contraction over a split dimension whose result
#    is wanted split by rows.
cols = NamedSharding(mesh, P(None, "x"))
rows = NamedSharding(mesh, P("x", None))
matmul = jax.jit(lambda a, b: a @ b, in_shardings=(cols, rows), out_shardings=rows)
print("partitioned matmul, result split by rows:")
print("\n".join(collectives(matmul.lower(jax.ShapeDtypeStruct((16, 64), jnp.float32), spec).compile())))
