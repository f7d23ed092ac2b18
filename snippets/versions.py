import platform

import jax
import jaxlib

print("jax     ", jax.__version__)
print("jaxlib  ", jaxlib.__version__)
print("python  ", platform.python_version())
print("backend ", jax.default_backend(), "with", jax.device_count(), "device(s)")
