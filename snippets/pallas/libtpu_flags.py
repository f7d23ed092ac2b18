import os
import re
import subprocess
import sys

import target

# A child compiles one small program for the target; each run gives it other flags.
CHILD = """
import jax, jax.numpy as jnp
import target
target.compile(jnp.sin, jax.ShapeDtypeStruct((8, 128), jnp.float32))
print("compiled")
"""

if target.only("tpu"):  # what libtpu does with flags: only a TPU target loads it
    runs = [
        ("LIBTPU_INIT_ARGS", "--xla_mosaic_dump_to=mosaic --xla_mosaic_on_device_checks=bounds"
                             " --xla_jf_poison_vmem_allocations=true --xla_enable_transpose_trace=true"),
        ("LIBTPU_INIT_ARGS", "--xla_tpu_enable_log_recorder=true"),
        ("LIBTPU_INIT_ARGS", "--xla_tpu_enable_log_recorderr=true"),  # misspelled
        ("XLA_FLAGS", "--xla_mosaic_dump_to=mosaic"),
    ]
    for variable, flags in runs:
        env = dict(os.environ, PYTHONPATH=os.path.dirname(target.__file__), **{variable: flags})
        child = subprocess.run([sys.executable, "-c", CHILD], env=env,
                               capture_output=True, text=True)
        said = child.stdout.strip() or [re.sub(r"^.*?\] ", "", line)  # the last line, its log prefix cut
                                        for line in child.stderr.splitlines()][-1]
        print(f"{variable}={flags}\n  exit status {child.returncode}: {said}")
