import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, o_ref):
    pl.debug_print("x[0] = {}", x_ref[0])
    o_ref[...] = x_ref[...] + 1


x = jnp.arange(8.0)
add = pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
                     interpret=True)
lowered = jax.jit(add).lower(x)
try:
    lowered.compile({"xla_tpu_enable_log_recorder": "true"})  # a TPU compiler option
except Exception as e:
    print(type(e).__name__, e)
print(lowered.compile()(x))  # without it, the CPU compiles and prints as usual
