from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import shutil
from pathlib import Path

import jax

from examples import X, elementwise
from hlo_stats import stats
from show import readable

lowered = jax.jit(elementwise).lower(X)
compiled = lowered.compile({"xla_disable_hlo_passes": "fusion"})
print(readable(compiled.as_text()))

# Also switch off the pass that wraps each leftover operation in a fusion of its own.
shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
bare = lowered.compile({"xla_disable_hlo_passes": "fusion,fusion-wrapper",
                        "xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
print("\nwith fusion and fusion-wrapper disabled, ENTRY holds:")
print(dict(stats(bare.as_text())["entry_opcodes"]))
snapshots = sorted(p for p in Path("dump").glob("*.txt") if re.search(r"\.\d{4}\.", p.name))
print("snapshots after a pass named fusion or fusion-wrapper:",
      [p.name for p in snapshots if re.search(r"\.after_fusion(-wrapper)?\.", p.name)])
first = next(i for i, p in enumerate(snapshots) if " fusion(" in p.read_text())
print("holds a fusion, snapshot (up to its .before_ part):")
for path in snapshots[first - 1:first + 1]:
    print(f"  {' fusion(' in path.read_text()!s:5} {path.name.split('.', 2)[2].split('.before_')[0]}")

# A reduction that no fusion took is wrapped the same way.
row_sum = jax.jit(lambda x: jax.numpy.exp(x).sum(axis=1)).lower(X).compile(
    {"xla_disable_hlo_passes": "fusion,fusion-wrapper"})
print("row sum of exp, both disabled:",
      re.findall(r"%(wrapped_\w+) = \S+ fusion\(", row_sum.as_text()))
