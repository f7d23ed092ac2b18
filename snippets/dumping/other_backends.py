import os
import re
import subprocess
import sys

# Flags of other backends in XLA_FLAGS, each tried in a fresh Python process
# (XLA reads XLA_FLAGS once, when the backend starts).
PROGRAM = "import jax; jax.devices()"
for flag in [
    "--xla_gpu_autotune_level=0",  # an XLA GPU option
    "--xla_tpu_enable_log_recorder=true",  # libtpu's options (TPU runtime)
    "--xla_jf_poison_vmem_allocations=true",
    "--xla_mosaic_on_device_checks=bounds",
]:
    child = subprocess.run([sys.executable, "-c", PROGRAM], env=dict(os.environ, XLA_FLAGS=flag),
                           capture_output=True, text=True)
    said = [re.sub(r"^.*?\] ", "", line) for line in child.stderr.splitlines() if "XLA_FLAGS" in line]
    print(f"{flag:<40} exit status {child.returncode}", *said, sep="  ")

# The same names as compile options, in this process.
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

x = jax.ShapeDtypeStruct((4,), jnp.float32)
print()
for option, value in [("xla_gpu_autotune_level", 0), ("xla_tpu_enable_log_recorder", True),
                      ("xla_mosaic_dump_to", "mosaic_dumps"), ("xla_force_host_platform_device_count", 8)]:
    try:
        jax.jit(jnp.sin).lower(x).compile({option: value})
        print(f"compile option {option}: accepted")
    except Exception as error:  # noqa: BLE001
        print(f"compile option {option}: {type(error).__name__}: {error}")
print("devices after the last one:", len(jax.devices()))
