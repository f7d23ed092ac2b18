import jax

from repro import A, B, C, residual

print("exact (2**-24):   ", 2.0**-24)
print("eager, op by op:  ", residual(jax.numpy.asarray(A), B, C))
print("jax.jit(residual):", jax.jit(residual)(A, B, C))
