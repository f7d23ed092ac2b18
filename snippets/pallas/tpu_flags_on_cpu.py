import os

# libtpu reads this variable when it starts; on a CPU no compiler acts on it.
os.environ["LIBTPU_INIT_ARGS"] = "--xla_mosaic_dump_to=mosaic"

import re
import subprocess
import sys

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

call = pl.pallas_call(lambda x_ref, o_ref: o_ref.__setitem__(..., x_ref[...] * 2),
                      out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)
print(call(jnp.ones(8)))
print("mosaic folder written:", os.path.isdir("mosaic"))

# The same flags in XLA_FLAGS reach the CPU build of XLA, which rejects them.
tpu_flags = ("--xla_mosaic_on_device_checks=bounds --xla_jf_poison_vmem_allocations=true"
             " --xla_mosaic_dump_to=mosaic --xla_enable_transpose_trace")
child = subprocess.run([sys.executable, "-c", "import jax; jax.devices()"],
                       env=dict(os.environ, XLA_FLAGS=tpu_flags),
                       capture_output=True, text=True)
print("exit status:", child.returncode)
for line in child.stderr.splitlines():
    if "XLA_FLAGS" in line:
        print(re.sub(r"^.*?\] ", "", line).replace(" --", "\n  --"))  # cut the log prefix
