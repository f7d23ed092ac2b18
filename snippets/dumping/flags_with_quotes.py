from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import pathlib
import re
import subprocess
import sys

# XLA_FLAGS as a shell may leave it, each value given to a fresh Python process.
pathlib.Path("flags.txt").write_text("--xla_dump_to=dump_d\n")
PROGRAM = "import jax, jax.numpy as jnp; jax.jit(jnp.sin)(1.0)"
for shell, value in [
    ("cmd: set XLA_FLAGS=--xla_dump_to=dump_a", "--xla_dump_to=dump_a"),
    ('cmd: set XLA_FLAGS="--xla_dump_to=dump_b"', '"--xla_dump_to=dump_b"'),  # cmd keeps the quotes
    ("PowerShell: $env:XLA_FLAGS = '--xla_dump_to=\"dump c\"'", '--xla_dump_to="dump c"'),
    ("cmd: set XLA_FLAGS=flags.txt", "flags.txt"),  # a file that holds the flags
]:
    child = subprocess.run([sys.executable, "-c", PROGRAM], env=dict(os.environ, XLA_FLAGS=value),
                           capture_output=True, text=True)
    said = [re.sub(r"^.*?\] ", "", line) for line in child.stderr.splitlines() if "XLA_FLAGS" in line]
    print(f"{shell}\n    the process sees XLA_FLAGS={value}\n    exit status {child.returncode}", *said)
print("\nfolders written:", sorted(str(path) for path in pathlib.Path().iterdir() if path.is_dir()))
