import re

import jax
import numpy as np

from repro import A, B, C, residual

# Same function, same inputs, one compiler setting changed per line.
settings = {
    "defaults": {},
    "xla_backend_optimization_level=0": {"xla_backend_optimization_level": 0},
    "xla_disable_hlo_passes=fusion": {"xla_disable_hlo_passes": "fusion"},
    "xla_cpu_enable_fast_math=True": {"xla_cpu_enable_fast_math": True},
}
print(f"{'eager (op by op)':34} {np.float32(residual(jax.numpy.asarray(A), B, C))}")
for name, options in settings.items():
    compiled = jax.jit(residual).lower(A, B, C).compile(compiler_options=options)
    kernels = re.findall(r"%(\S+) = \S+ fusion\(", compiled.as_text())
    print(f"{name:34} {str(np.float32(compiled(A, B, C))):14} kernels: {', '.join(kernels)}")
