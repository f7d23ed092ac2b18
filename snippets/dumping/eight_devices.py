from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

# Eight simulated CPU devices, text dumps, and the partitioner's passes: Shardy
# (the `shardy-xla` pass) and the SPMD partitioner (`spmd-partitioning`).
os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text=true "
    "--xla_dump_hlo_pass_re=shardy|spmd --xla_force_host_platform_device_count=8"
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

shardy = dump / "shardy" / "module_0000.jit_mlp"
print(f"\n{shardy.relative_to(dump)}/ (Shardy's MLIR, stage by stage):")
for path in sorted(shardy.iterdir()):
    print("   ", path.name)

print("\nThe first matrix product in three of them (types and sharding rule cut off):")
for stage in ["01.before_propagation", "02.after_propagation", "04.output_module"]:
    line = next(line for line in (shardy / f"{stage}.mlir").read_text().splitlines() if "stablehlo.dot" in line)
    line = line.strip().split(" : (")[0].split(", sdy.sharding_rule")[0]
    print(f"  {stage}:")
    print("   ", line + ("}" if line.count("{") > line.count("}") else ""))

print("\nWhat changed between the two stages (excerpts):")
for stage in ["before_optimizations", "cpu_after_optimizations"]:
    (path,) = dump.glob(f"*.jit_mlp.{stage}.txt")
    text = path.read_text()
    print(f"  {stage}:")
    print("   ", re.search(r"num_partitions=\d+", text).group())
    for line in text.splitlines():
        if "parameter(4)" in line:  # x, the sharded argument
            print("   ", line.strip()[:95], "...")

print("\nThe shape of x (parameter 4) in each HLO file, in the order they were written:")
for path in [*sorted(dump.glob("*.jit_mlp.0*.txt")), *dump.glob("*.jit_mlp.cpu_after_optimizations.txt")]:
    line = next(line for line in path.read_text().splitlines() if "parameter(4)" in line)
    print(f"    {line.split(' = ')[1].split()[0]:<16} {path.name.split('.', 2)[2]}")

options = dump / "module_0000.jit_mlp" / "compile_options.textproto"
print(f"\n{options.relative_to(dump)} (excerpt):")
for line in options.read_text().splitlines():
    if line.strip().startswith(("num_replicas", "num_partitions", "xla_dump_to", "xla_dump_hlo_pass_re")):
        print("   ", line.strip())

# The filter older guides give, as compile options on the same function (a new option: no cache hit).
jax.jit(mlp).lower(params, x).compile({"xla_dump_to": "old_filter", "xla_dump_hlo_pass_re": "spmd|propagation"})
print("\nwith --xla_dump_hlo_pass_re=spmd|propagation instead:")
for path in sorted(pathlib.Path("old_filter").glob("*.jit_mlp.0*.txt")):
    print("   ", path.name.split(".", 2)[2])
print("    shardy/ written:", (pathlib.Path("old_filter") / "shardy").exists())
