import difflib
import re
from pathlib import Path

import jax

from examples import BATCH_X, BATCH_Y, PARAMS, mlp_grad

jax.jit(mlp_grad).lower(PARAMS, BATCH_X, BATCH_Y).compile(
    {"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"}
)
# Per-pass snapshots only: their names carry a four-digit counter after the module name.
files = sorted(p for p in Path("dump").glob("*.txt") if re.search(r"\.jit_loss\.\d{4}\.", p.name))


def text(path):
    return re.sub(r", metadata=\{[^}]*\}", "", path.read_text()).splitlines()


for pass_name in ["constant_folding", "dce", "layout-assignment"]:
    after = next(i for i, p in enumerate(files) if f".after_{pass_name}." in p.name)
    print(f"=== what {pass_name} changed")
    diff = difflib.unified_diff(text(files[after - 1]), text(files[after]), n=0, lineterm="")
    # Skip the ---/+++ file header and the @@ position lines: only changed lines.
    print("\n".join(l for l in diff if l[:3] not in ("---", "+++") and not l.startswith("@@")))
