import jax
import jax.numpy as jnp
from jax.experimental import checkify
from jax.experimental import pallas as pl

# Lets an unfunctionalized checkify.check raise at run time on CPU and GPU.
jax.config.update("jax_experimental_unsafe_xla_runtime_errors", True)


def sqrt_kernel(x_ref, o_ref):
    checkify.check(jnp.all(x_ref[...] >= 0), "negative input, first is {}", x_ref[0])
    o_ref[...] = jnp.sqrt(x_ref[...])


call = pl.pallas_call(sqrt_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
                      interpret=True)
print(call(jnp.arange(8.0)))
try:
    call(jnp.arange(8.0) - 2)
except Exception as e:
    message = str(e).splitlines()
    print(message[0].removesuffix(" Traceback (most recent call last):"))
    print(message[-1])  # the last line names the failed check
