from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
from collections import Counter
from pathlib import Path

import jax

from examples import mlp_args, mlp_grad
from pipeline_map import report

# The MLP's gradient, compiled once with a snapshot after every pass that changed it.
jax.jit(mlp_grad).lower(*mlp_args()).compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
report("dump")
# The instructions of the final module's ENTRY computation, counted by opcode.
entry = next(Path("dump").glob("*.cpu_after_optimizations.txt")).read_text().split("\nENTRY ")[1].split("\n}")[0]
entry = entry.splitlines()[1:]
print("ENTRY at the end, by opcode:", dict(Counter(re.search(r"= .*?\s([a-z][\w-]*)\(", line)[1] for line in entry)))
