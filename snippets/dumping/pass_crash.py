from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import pathlib
import re
import subprocess
import sys

# A compile that dies in the middle of XLA's pipeline. The flag below is one of XLA's
# self-checks: it aborts the process when a pass says it changed the module although
# the module's hash did not change. Each run needs a fresh process (the abort ends it).
CHECK = "--xla_unsupported_crash_on_hlo_pass_noop_change"
PROGRAM = """
import jax, jax.numpy as jnp

def loss(w, x):
    return jnp.mean((jnp.tanh(x @ w) - 1.0) ** 2)

w = jax.ShapeDtypeStruct((16, 8), jnp.float32)
x = jax.ShapeDtypeStruct((4, 16), jnp.float32)
jax.jit(loss).lower(w, x).compile()
"""


def compile_in_child(folder, extra=""):
    env = dict(os.environ, XLA_FLAGS=f"--xla_dump_to={folder} {CHECK} {extra}")
    child = subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True)
    said = [re.sub(r"^.*?\] ", "", line) for line in child.stderr.splitlines() if "Pass '" in line]
    return child.returncode, said


status, said = compile_in_child("dump")
print("exit status:", status)
print("the check said:", said[0].split(". HLO text")[0] if said else None)
print("files of jit_loss in dump/:")
for path in sorted(pathlib.Path("dump").glob("*.jit_loss.*")):
    print("   ", path.name)

status, said = compile_in_child("passes", "--xla_dump_hlo_pass_re=.+")
written = sorted(pathlib.Path("passes").glob("*.jit_loss.0*.txt"))
print(f"\nwith --xla_dump_hlo_pass_re=.+ : exit status {status}, {len(written)} pass files; the last one:")
print("   ", written[-1].name.split(".", 2)[2])
