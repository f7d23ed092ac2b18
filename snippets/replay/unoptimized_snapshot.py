from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_unoptimized_snapshots"

import pathlib  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import jax  # noqa: E402
from jax._src.lib import xla_client  # noqa: E402  (private: the HLO classes jaxlib ships)

from protowire import field, fields, literal  # noqa: E402
from repro import A, B, C, residual  # noqa: E402

run = jax.jit(residual)
run(A, B, C)
run(A, B, C + 1)  # a second call of the same executable

dump = pathlib.Path("dump")
print("files in dump/:")
for path in sorted(dump.iterdir()):
    print("   ", path.name + ("/" if path.is_dir() else ""))

snapshot = sorted(dump.glob("*.hlo_unoptimized_snapshot.pb"))[1].read_bytes()  # the second call
print("\nfields of the second one:", [number for number, _ in fields(snapshot)])
for i, partition in enumerate(field(snapshot, 2)):
    print(f"partition {i}, its arguments:", [float(literal(arg)) for arg in field(partition, 1)])
text = xla_client.XlaComputation(field(snapshot, 1)[0]).as_hlo_text()
print("its module:")
print("\n".join("    " + line for line in text.splitlines() if line.strip()))

# The same function on eight simulated devices, its input split over them (PartitionSpec("d"))
# or copied to each (PartitionSpec()). XLA_FLAGS is read once per process, so each try is a new one.
SHARDED = """
import jax, numpy as np
from jax.sharding import NamedSharding, PartitionSpec
def scale(x):
    return 2 * x + 1
mesh = jax.make_mesh((8,), ("d",))
x = jax.device_put(np.arange(8, dtype=np.float32), NamedSharding(mesh, PartitionSpec(SPEC)))
try:
    print(jax.jit(scale)(x))
except Exception as error:
    print(type(error).__name__, str(error).split(") ", 1)[1])
"""
print("\nOn eight devices:")
for flag, spec in [("--xla_dump_hlo_unoptimized_snapshots", '"d"'), ("--xla_dump_hlo_unoptimized_snapshots", ""),
                   ("--xla_dump_hlo_snapshots", '"d"'), ("--xla_dump_hlo_snapshots", "")]:
    folder = flag.removeprefix("--xla_dump_hlo_") + ("_split" if spec else "_replicated")
    flags = f"--xla_dump_to={folder} {flag} --xla_force_host_platform_device_count=8"
    child = subprocess.run([sys.executable, "-c", SHARDED.replace("SPEC", spec)],
                           env=dict(os.environ, XLA_FLAGS=flags), capture_output=True, text=True)
    print(f"  {flag}, input PartitionSpec({spec}):\n    {child.stdout.strip()}")
    if not pathlib.Path(folder).exists():
        print(f"    no {folder}/ at all")
        continue
    written = sorted(pathlib.Path(folder).iterdir())
    snapshots = [path for path in written if "snapshot" in path.name]
    print(f"    {len(written)} entries in {folder}/: {len(snapshots)} snapshots,",
          "an HLO text file:", any(path.name.endswith(".txt") for path in written))
    for path in snapshots:  # how many devices' arguments each one holds
        print(f"    {path.name}: {len(field(path.read_bytes(), 2))} partitions entries")

# The flag among the flags of a bug report: text, protos, the ordinary snapshots, a module filter
# and a pass filter, once without it and once with it. Each run is a new process.
BUNDLE = """
import jax, jax.numpy as jnp
def scale(x):
    return 2 * x + 1
print(jax.jit(scale)(jnp.ones(8)))
"""
REPORT = ("--xla_dump_hlo_module_re=jit_scale --xla_dump_hlo_as_text --xla_dump_hlo_as_proto"
          " --xla_dump_hlo_snapshots --xla_dump_hlo_pass_re=algsimp")
print("\nWith the flags of a bug report (module filter jit_scale):")
for label, folder, extra in [("without the unoptimized flag", "report", ""),
                             ("with it", "report_unoptimized", " --xla_dump_hlo_unoptimized_snapshots")]:
    flags = f"--xla_dump_to={folder} {REPORT}{extra}"
    subprocess.run([sys.executable, "-c", BUNDLE], env=dict(os.environ, XLA_FLAGS=flags), check=True,
                   capture_output=True)
    written = sorted(path.name for path in pathlib.Path(folder).iterdir())
    print(f"  {label}: {len(written)} files in {folder}/,",
          "modules:", sorted({name.split(".")[1] for name in written}))
    if extra:
        for name in written:
            print("   ", name)
