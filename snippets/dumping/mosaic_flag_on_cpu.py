import os
import re
import subprocess
import sys

# --xla_mosaic_dump_to belongs to the TPU runtime (libtpu). The CPU build of XLA
# does not know it, and an unknown flag in XLA_FLAGS is fatal when the backend starts.
env = dict(os.environ, XLA_FLAGS="--xla_mosaic_dump_to=mosaic_dumps")
child = subprocess.run(
    [sys.executable, "-c", "import jax; print(jax.devices())"],
    env=env, capture_output=True, text=True,
)
print("exit status:", child.returncode)
for line in child.stderr.splitlines():
    if "XLA_FLAGS" in line:
        print(re.sub(r"^.*?\] ", "", line))  # cut the log prefix (time, thread id)
print("mosaic_dumps exists:", os.path.isdir("mosaic_dumps"))
