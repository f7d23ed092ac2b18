from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
# Keep only the file name in the source locations XLA records, so the files have
# the same size on every machine.
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib
import re

import jax

from repro import A, B, C, residual

run = jax.jit(residual)
print("first call: ", run(A, B, C))
print("second call:", run(A, B, C + 1))  # new values, same shapes: no recompilation

for path in sorted(pathlib.Path("dump").iterdir()):
    if path.is_dir():
        continue
    # The number in a snapshot's name is a run id that changes from run to run.
    name = re.sub(r"snapshot\.-?\d+\.pb", "snapshot.<run id>.pb", path.name)
    size = f"{path.stat().st_size:>5} bytes" if path.suffix == ".pb" else ""
    print(f"{name:78} {size}".rstrip())
