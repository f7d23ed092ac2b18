import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
ring = [(i, (i + 1) % 8) for i in range(8)]


def three(block):  # f32[8,16]: one psum, one all_gather, one ppermute
    total = jax.lax.psum(block.sum(axis=0), "x")
    everything = jax.lax.all_gather(block, "x", tiled=True, to="invarying")
    shifted = jax.lax.ppermute(block, "x", perm=ring)
    return total, everything, shifted


f = jax.jit(jax.shard_map(three, mesh=mesh, in_specs=P("x"), out_specs=(P(), P(), P("x"))))
lowered = f.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=NamedSharding(mesh, P("x"))))

print("StableHLO, the attributes of each collective:")
for line in lowered.as_text().splitlines():
    for op in ("all_reduce", "all_gather", "collective_permute"):
        if f"stablehlo.{op}" in line:
            attrs = [a for a in ("channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>",
                                 "use_global_device_ids") if a in line]
            print(f"  {op}: {attrs}")


def modes(hlo_text):
    """Excerpt: the channel_id and use_global_device_ids of each collective."""
    for line in hlo_text.splitlines():
        for op in (" all-reduce(", " all-gather(", " collective-permute(", " all-to-all("):
            if op in line:
                attrs = [a for a in line.split(", ") if a.startswith(("channel_id", "use_global"))]
                print(f"  {op.strip(' (')}: {attrs}")


print("compiled HLO:")
modes(lowered.compile().as_text())

# The same kinds of collectives left to the partitioner: no channel handle in
# StableHLO; the partitioner gives each collective it creates an id of its own.
rows = NamedSharding(mesh, P("x"))
by_partitioner = jax.jit(lambda v: (v.sum(axis=0), v, v),
                         out_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P()),
                                        NamedSharding(mesh, P(None, "x"))))
lowered = by_partitioner.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=rows))
print("partitioner, channel handles in StableHLO:", lowered.as_text().count("channel_handle"))
print("partitioner, compiled HLO:")
modes(lowered.compile().as_text())
