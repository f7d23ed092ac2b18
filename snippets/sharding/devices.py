import os

# Must run before JAX starts its CPU backend: ask for eight host "devices".
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402

print("backend:", jax.default_backend())
print("device_count:", jax.device_count())
print(jax.devices())
print("Shardy partitioner:", jax.config.jax_use_shardy_partitioner)
