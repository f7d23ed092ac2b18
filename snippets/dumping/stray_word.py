from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/dumping/stray_word/ (git-ignored), the same on every run

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

# The same two flags, once as intended and once with a word that lacks its dashes
# between them; each in a fresh process, since XLA reads XLA_FLAGS once.
PROGRAM = "import jax, jax.numpy as jnp; jax.jit(lambda x: x * 2)(jnp.ones(3))"
for folder, flags in [
    ("intended", "--xla_dump_to=intended --xla_dump_hlo_as_proto"),
    ("stray", "--xla_dump_to=stray dump_hlo_as_text --xla_dump_hlo_as_proto"),
    ("stray_int", "--xla_dump_to=stray_int --xla_dump_hlo_as_proto 8 --xla_dump_hlo_as_dot"),
    # Two more mistakes that do start with dashes: a value after a space, and a value XLA cannot parse.
    ("spaced", "--xla_dump_to spaced --xla_dump_hlo_as_proto"),
    ("badvalue", "--xla_dump_to=badvalue --xla_dump_hlo_as_proto=yes"),
]:
    child = subprocess.run([sys.executable, "-c", PROGRAM], env=dict(os.environ, XLA_FLAGS=flags),
                           capture_output=True, text=True)
    kinds = Counter(path.suffix for path in Path(folder).iterdir()
                    if "jit__lambda" in path.name and path.suffix in (".txt", ".pb", ".dot")) if Path(folder).exists() else {}
    said = [line.split("] ", 1)[-1] for line in child.stderr.splitlines()  # without the log prefix
            if "XLA_FLAGS:" in line or "Couldn't interpret" in line]
    print(f"XLA_FLAGS={flags!r}\n  exit status {child.returncode}, {folder}/ holds", dict(sorted(kinds.items())),
          "| XLA said:", said or "nothing")

# Another boolean flag with values of each kind, in a process that only starts the backend.
print()
for value in ["yes", "on", "1", "true", "0", "false"]:
    child = subprocess.run([sys.executable, "-c", "import jax; jax.devices()"],
                           env=dict(os.environ, XLA_FLAGS=f"--xla_dump_hlo_as_dot={value}"), capture_output=True, text=True)
    print(f"--xla_dump_hlo_as_dot={value}: exit {child.returncode}")
