import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"  # four CPU devices, as the others have

import jax

import target

chosen = target.devices(4)
print("target:", target.name())
print("device kind:", chosen[0].device_kind)
print("platform:", chosen[0].platform)
print("devices:", ", ".join(str(device.id) for device in chosen))
try:
    jax.device_put(1.0, chosen[0])
    print("device_put: works")
except Exception as error:  # a compile-only device holds no data
    print("device_put:", type(error).__name__ + ":", str(error).splitlines()[0])
