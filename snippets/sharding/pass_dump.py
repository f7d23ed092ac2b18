from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))


def center(v):  # subtract each column's mean: the mean needs all 64 rows
    return v - v.mean(axis=0)


lowered = jax.jit(center, in_shardings=rows, out_shardings=rows).lower(
    jax.ShapeDtypeStruct((64, 16), jnp.float32)
)
# XLA flags as compile options: they apply to this one compilation only.
lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "shardy|spmd"})

# The HLO written around the matching passes: whether each carries Shardy's xla.sdy
# attributes, and how many instructions carry a sharding= of their own. The
# module_NNNN prefix is the id XLA gave the module in this process; drop it.
print("HLO files of the matching passes:")
for name in sorted(os.listdir("dump")):
    if ".spmd-partitioner." in name:
        text = open(os.path.join("dump", name)).read()
        print(" ", re.sub(r"^module_\d+\.", "", name), " xla.sdy attributes:", "xla.sdy" in text,
              " sharding= on", text.count(", sharding="), "instructions")

# The shardy-xla pass also writes the MLIR module at each stage of Shardy.
(folder,) = os.listdir(os.path.join("dump", "shardy"))
stages = os.path.join("dump", "shardy", folder)
print("MLIR files in dump/shardy/" + re.sub(r"^module_\d+", "module_NNNN", folder) + "/:")
for name in sorted(os.listdir(stages)):
    print(" ", name)

# Excerpt: which operations carry a sharding of their own, before and after propagation.
for name in ("01.before_propagation.mlir", "02.after_propagation.mlir"):
    text = open(os.path.join(stages, name)).read()
    found = re.findall(r"= (stablehlo\.\w+) .*sdy\.sharding = (#sdy\.sharding_per_value<.*?>\]>)", text)
    print(f"{name}: {len(found)} operations with a sharding")
    for op, sharding in found:
        print(f"  {op} {sharding}")


def entry(suffix):
    """Excerpt: the ENTRY computation of the dump file ending in `suffix`, no metadata."""
    (path,) = [n for n in os.listdir("dump") if n.endswith(suffix)]
    text = open(os.path.join("dump", path)).read()
    return "\n".join(l.split(", metadata=")[0] for l in text[text.index("ENTRY"):].splitlines())


print("\n--- before spmd-partitioning")
print(entry("before_spmd-partitioning.txt"))
print("--- after spmd-partitioning")
print(entry("after_spmd-partitioning.before_control-dep-rewriter.txt"))

# The same compilation with only "propagation" as the pattern: under Shardy no pass
# name contains it, so XLA writes no file around a pass.
lowered.compile({"xla_dump_to": "dump_propagation", "xla_dump_hlo_pass_re": "propagation"})
names = os.listdir("dump_propagation")
around_passes = [n for n in names if re.search(r"\.\d{4}\..*\.after_", n)]
dumped = any(n.endswith(".before_optimizations.txt") for n in names)  # it did compile
print(f"pattern 'propagation' alone: {len(around_passes)} files around a pass (module dumped: {dumped})")

# Every pass that ran, for this compilation and for a second program (a matmul in a
# loop on a 2 x 4 mesh in auto mode): ".+" writes a file after every pass, changed or not.
grid = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def loop(a, b):  # a: f32[16,64] split over both axes, b: f32[64,64] split over model
    return jax.lax.fori_loop(0, 3, lambda i, c: jnp.tanh(c @ b), a)


second = jax.jit(loop, in_shardings=(NamedSharding(grid, P("data", "model")), NamedSharding(grid, P("model", None))))
for label, program in [("center", lowered),
                       ("matmul loop, 2 x 4", second.lower(jax.ShapeDtypeStruct((16, 64), jnp.float32),
                                                           jax.ShapeDtypeStruct((64, 64), jnp.float32)))]:
    folder = "dump_all_" + label.split()[0]
    program.compile({"xla_dump_to": folder, "xla_dump_hlo_pass_re": ".+"})
    ran = {m.group(1) for m in (re.search(r"\.after_(.+?)\.before_", n) for n in os.listdir(folder)) if m}
    (given,) = [n for n in os.listdir(folder) if n.endswith(".before_shardy-xla.txt")]
    sdy = "xla.sdy" in open(os.path.join(folder, given)).read()
    print(f"{label}: {len(ran)} pass names ran, spmd-partitioning among them: {'spmd-partitioning' in ran},"
          f" names with 'propagation': {sorted(n for n in ran if 'propagation' in n)},"
          f" xla.sdy before shardy-xla: {sdy}")
