from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_snapshots --xla_dump_emitter_re=.*"

import mmap
import pathlib
import re
import subprocess
import sys

import jax
import jaxlib

from repro import A, B, C, residual

# 1. The flag the MLIR replay workflow asks for, in a fresh process.
env = dict(os.environ, XLA_FLAGS="--xla_dump_to=dump_old --xla_cpu_use_xla_runtime")
child = subprocess.run(
    [sys.executable, "-c", "import jax; jax.numpy.zeros(1)"],
    env=env, capture_output=True, text=True,
)
fatal = [line.split("] ", 1)[1] for line in child.stderr.splitlines() if "Unknown flag" in line]
print("--xla_cpu_use_xla_runtime: exit status", child.returncode, "|", *fatal)

# 2. What a run with snapshots and emitter dumps writes today.
jax.jit(residual)(A, B, C)
print("\nfiles in dump/, module prefix cut off:")
for path in sorted(pathlib.Path("dump").iterdir()):
    if path.is_file():
        print("  " + re.sub(r"snapshot\.-?\d+", "snapshot.<run id>", path.name.split(".jit_residual.")[1]))

(log,) = pathlib.Path("dump").glob("*.mlir-passes.log")
passes = re.findall(r"IR Dump Before (\w+)", log.read_text())
print(f"\nmlir-passes.log: the kernel's MLIR before each of {len(passes)} passes, starting with")
print("  " + ", ".join(passes[:4]))
print("ops in the log: arith.mulf", "arith.mulf" in log.read_text(),
      "| arith.subf", "arith.subf" in log.read_text(), "| math.fma", "math.fma" in log.read_text())

# 3. The code that named trace files is not in the library.
library = pathlib.Path(jaxlib.__file__).parent / "libjax_common.so"
with open(library, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
    print("\n'.mlir-trace' in libjax_common.so:", data.find(b".mlir-trace") >= 0)
