import jax
import numpy as np


def fused_add(a, b, c):
    return a * b + c


a = b = np.float32(1 + 2**-12)
c = -(a * b)  # minus the rounded product: the exact answer is 2**-24 again
print("eager:                            ", np.float32(fused_add(jax.numpy.asarray(a), b, c)))
print("jit, defaults:                    ", np.float32(jax.jit(fused_add)(a, b, c)))
options = {"xla_disable_hlo_passes": "fusion"}  # the multiply and the add in two kernels
print("jit, xla_disable_hlo_passes=fusion:",
      np.float32(jax.jit(fused_add, compiler_options=options)(a, b, c)))
