import os

import jax

print("devices at start:", jax.device_count())  # this call starts the CPU backend

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # too late
print("after setting XLA_FLAGS:", jax.device_count())

try:
    jax.config.update("jax_num_cpu_devices", 8)  # also read only at backend start
except Exception as e:
    print(type(e).__name__, e)
print("still:", jax.devices())
