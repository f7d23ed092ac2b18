from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import shutil
from pathlib import Path

import jax

from examples import X, elementwise

# The same function compiled three times in one process, each time with a per-pass dump
# into a folder of its own, then once more into the first folder, emptied: the name of
# the snapshot that starts the last pipeline.
for run, folder in enumerate(["dump0", "dump1", "dump2", "dump0"]):
    shutil.rmtree(folder, ignore_errors=True)  # start from an empty folder on every run
    jax.jit(elementwise).lower(X).compile({"xla_dump_to": folder, "xla_dump_hlo_pass_re": ".*"})
    last = [p.name.split(".", 2)[2] for p in sorted(Path(folder).glob("*.txt"))
            if ".HLO_passes_after_scheduling." in p.name]
    print(f"run {run}, {folder}:", last)
