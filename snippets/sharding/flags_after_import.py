import os

import jax

# Imported, but no JAX operation has run yet: the CPU backend has not started.
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
print("set after import, before the first operation:", jax.device_count(), "devices")
