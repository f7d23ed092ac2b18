from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))


def block_total(block):  # runs once per device on its f32[8,16] block
    return jax.lax.psum(block.sum(axis=0), "x")


total = jax.jit(jax.shard_map(block_total, mesh=mesh, in_specs=P("x"), out_specs=P()))
lowered = total.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=NamedSharding(mesh, P("x"))))
print(lowered.as_text())  # StableHLO: the shard_map is one sdy.manual_computation

# The HLO around the partitioner, as in "Watching the partitioner pass by pass".
lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "spmd-partitioning"})


def entry(suffix):
    """Excerpt: the ENTRY computation of the dump file ending in `suffix`, no metadata."""
    (path,) = [n for n in os.listdir("dump") if n.endswith(suffix)]
    text = open(os.path.join("dump", path)).read()
    return "\n".join(l.split(", metadata=")[0] for l in text[text.index("ENTRY"):].splitlines())


print("--- before spmd-partitioning")
print(entry(".before_spmd-partitioning.txt"))
print("--- after spmd-partitioning")
print(entry(".after_spmd-partitioning.before_control-dep-rewriter.txt"))
