from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import difflib
import re
import shutil
from pathlib import Path

import jax

from examples import mlp_args, mlp_grad

ARGS = mlp_args()  # params, x, y

shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
jax.jit(mlp_grad).lower(*ARGS).compile(
    {"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"}
)
# Per-pass snapshots only: their names carry a four-digit counter after the module name.
files = sorted(p for p in Path("dump").glob("*.txt") if re.search(r"\.jit_loss\.\d{4}\.", p.name))


def text(path):
    return re.sub(r", metadata=\{[^}]*\}", "", path.read_text()).splitlines()


def changes(pass_name):
    """Lines removed (-) and added (+) by the first snapshot after pass_name."""
    after = next(i for i, p in enumerate(files) if f".after_{pass_name}." in p.name)
    diff = difflib.unified_diff(text(files[after - 1]), text(files[after]), n=0, lineterm="")
    # Skip the ---/+++ file header and the @@ position lines.
    return [line for line in diff if line[:3] not in ("---", "+++") and not line.startswith("@@")]


print("=== what algsimp changed (excerpt: lines with a dot, transpose, reduce or scalar multiply)")
for line in changes("algsimp"):
    if re.search(r" (dot|transpose|reduce)\(|%multiply = f32\[\] ", line):
        print(line)
for pass_name in ["constant_folding", "dce", "layout-assignment"]:
    print(f"=== what {pass_name} changed")
    print("\n".join(changes(pass_name)))
