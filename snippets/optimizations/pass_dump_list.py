from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import shutil
from pathlib import Path

import jax
import jax.numpy as jnp

from examples import X


def scaled_tanh(x):
    return jnp.tanh(x * 2.0 + 1.0) / 2.0


# Dump options go to this one compilation only, like any compile option.
shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
jax.jit(scaled_tanh).lower(X).compile(
    {"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"}
)

names = sorted(p.name for p in Path("dump").iterdir())
# Every name starts with module_NNNN.jit_scaled_tanh. ; NNNN depends on how many
# modules this process compiled before, so it is cut off here.
short = [re.sub(r"^module_\d+\.jit_scaled_tanh\.", "", n) for n in names]
per_pass = [n for n in short if re.match(r"\d{4}\.", n)]
print(f"{len(names)} files; {len(per_pass)} of them are per-pass snapshots:")
for name in per_pass:
    print("   ", name)
print("the others:")
for name in short:
    if name not in per_pass:
        print("   ", name)
