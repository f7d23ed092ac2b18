from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import difflib
import re
import shutil
from pathlib import Path

import jax

from examples import mlp_args, mlp_grad

ARGS = mlp_args()  # params, x, y


def snapshots(**options):
    """Compile the gradient with a per-pass dump; its per-pass snapshots, in order."""
    shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
    jax.jit(mlp_grad).lower(*ARGS).compile(
        {"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*", **options}
    )
    # Per-pass snapshots only: their names carry a four-digit counter after the module name.
    return sorted(p for p in Path("dump").glob("*.txt") if re.search(r"\.jit_loss\.\d{4}\.", p.name))


def text(path):
    return re.sub(r", metadata=\{[^}]*\}", "", path.read_text()).splitlines()


def changes(pass_name, files):
    """Lines removed (-) and added (+) by the first snapshot after pass_name."""
    after = next(i for i, p in enumerate(files) if f".after_{pass_name}." in p.name)
    diff = difflib.unified_diff(text(files[after - 1]), text(files[after]), n=0, lineterm="")
    # Skip the ---/+++ file header and the @@ position lines.
    return [line for line in diff if line[:3] not in ("---", "+++") and not line.startswith("@@")]


files = snapshots()
print("=== what algsimp changed (excerpt: lines with a dot, transpose, reduce or scalar multiply)")
for line in changes("algsimp", files):
    if re.search(r" (dot|transpose|reduce)\(|%multiply = f32\[\] ", line):
        print(line)
for pass_name in ["dce", "layout-assignment"]:
    print(f"=== what {pass_name} changed")
    print("\n".join(changes(pass_name, files)))
print("=== snapshots after constant_folding:", sum(".after_constant_folding." in p.name for p in files))

# The same compilation with the CPU backend's fast-math option on.
files = snapshots(xla_cpu_enable_fast_math=True)
print("=== with xla_cpu_enable_fast_math=True, what algsimp changed (excerpt: scalar multiply)")
print("\n".join(line for line in changes("algsimp", files) if "%multiply = f32[] " in line))
print("=== with xla_cpu_enable_fast_math=True, what constant_folding changed")
print("\n".join(changes("constant_folding", files)))
