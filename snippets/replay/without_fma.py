import os

# Let XLA's CPU code generator use nothing newer than AVX, an x86-64 instruction
# set without fused multiply-add.
os.environ["XLA_FLAGS"] = "--xla_cpu_max_isa=AVX"

import jax
import numpy as np

from repro import A, B, C, residual

print("jax.jit(residual), at most AVX:", np.float32(jax.jit(residual)(A, B, C)))
