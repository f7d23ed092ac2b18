from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import shutil
from pathlib import Path

import jax

from examples import X, transposed

shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
jax.jit(transposed).lower(X).compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
snapshots = sorted(p for p in Path("dump").glob("*.txt") if re.search(r"\.\d{4}\.", p.name))
for opcode in ["copy", "fusion"]:
    first = next(p for p in snapshots if f" {opcode}(" in p.read_text())
    print(f"first snapshot with a {opcode}:", first.name.split(".", 2)[2])
