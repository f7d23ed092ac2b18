from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import numpy as np  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))  # f32[64,16], 8 rows per device
cols = NamedSharding(mesh, P(None, "x"))  # the same array, 2 columns per device
x = jax.device_put(jnp.arange(64 * 16, dtype=jnp.float32).reshape(64, 16), rows)


def excerpt(text, ops):
    """The lines of `text` that hold one of `ops`, without metadata or locations."""
    return [l.strip().split(", metadata=")[0].split(" loc(")[0] for l in text.splitlines()
            if any(op in l for op in ops)]


# 1. By hand: each device cuts its f32[8,16] block into 8 slices of 2 columns,
#    sends slice j to device j, and stacks the 8 slices it receives by rows.
def swap(block):  # f32[8,16] -> f32[64,2]
    return jax.lax.all_to_all(block, "x", split_axis=1, concat_axis=0, tiled=True)


by_hand = jax.jit(jax.shard_map(swap, mesh=mesh, in_specs=P("x", None), out_specs=P(None, "x")))
lowered = by_hand.lower(x)
print("StableHLO:")
print(*excerpt(lowered.as_text(), ["stablehlo.all_to_all"]), sep="\n")
print("HLO before optimizations, the shard_map body:")
print(*excerpt(lowered.as_text(dialect="hlo"), [" all-to-all(", " reshape(", " transpose("]), sep="\n")

# Compile with a dump around the CPU pass that rewrites the all-to-all.
compiled = lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "all_to_all_decomposer"})
(before,) = [n for n in os.listdir("dump") if ".before_all_to_all_decomposer." in n]
(after,) = [n for n in os.listdir("dump") if ".after_all_to_all_decomposer." in n]
for label, name in (("before", before), ("after", after)):
    print(f"{label} all_to_all_decomposer, the all-to-all:")
    print(*excerpt(open(os.path.join("dump", name)).read(), [" all-to-all("]), sep="\n")
y = compiled(x)
print("result:", jax.typeof(y), " equal to x:", bool(np.array_equal(y, x)))

# 2. Left to the partitioner: the same array, asked for split by columns.
to_cols = jax.jit(lambda v: v, out_shardings=cols)
print("partitioner, rows to columns, compiled:")
print(*excerpt(to_cols.lower(x).compile().as_text(), [" all-to-all("]), sep="\n")
