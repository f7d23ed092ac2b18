import os

# Eight simulated CPU devices, text dumps, and the SPMD partitioner's passes.
os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text=true "
    "--xla_dump_hlo_pass_re=spmd|propagation --xla_force_host_platform_device_count=8"
)

import pathlib  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec  # noqa: E402

from mlp import example_batch, init_params, mlp  # noqa: E402

params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
mesh = jax.make_mesh((8,), ("batch",))
# The batch of 8 examples split over the 8 devices; the parameters replicated.
x = jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=NamedSharding(mesh, PartitionSpec("batch")))
jax.jit(mlp).lower(params, x).compile()

dump = pathlib.Path("dump")
print("HLO files of jit_mlp:")
for path in sorted(dump.glob("*.jit_mlp.*.txt")):
    print("   ", path.name)

print("\nWhat changed between the two stages (excerpts):")
for stage in ["before_optimizations", "cpu_after_optimizations"]:
    (path,) = dump.glob(f"*.jit_mlp.{stage}.txt")
    text = path.read_text()
    print(f"  {stage}:")
    print("   ", re.search(r"num_partitions=\d+", text).group())
    for line in text.splitlines():
        if "parameter(4)" in line:  # x, the sharded argument
            print("   ", line.strip()[:95], "...")

options = dump / "module_0000.jit_mlp" / "compile_options.textproto"
print(f"\n{options.relative_to(dump)} (excerpt):")
for line in options.read_text().splitlines():
    if line.strip().startswith(("num_replicas", "num_partitions")):
        print("   ", line.strip())
