import os

# Set before JAX is imported, exactly as in a fresh script or the first cell of a
# notebook: XLA reads XLA_FLAGS once, when its CPU backend starts.
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402

print(jax.device_count(), "CPU devices:", jax.devices())
