import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    # pl.debug_print has no `ordered` argument; jax.debug.print has one.
    jax.debug.print("step {}", pl.program_id(0), ordered=True)
    o_ref[...] = x_ref[...]


def call(interpret, shape):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(shape, jnp.float32),
        grid=(1,),
        interpret=interpret,
    )


# Tracing accepts it: the kernel's jaxpr records ordered=True.
jaxpr = str(jax.make_jaxpr(call(True, (8,)))(jnp.zeros(8)))
print("in the kernel's jaxpr:", [l.strip() for l in jaxpr.splitlines() if "ordered=" in l])

# Interpret mode (runs here): lowering the kernel fails.
try:
    call(True, (8,))(jnp.zeros(8))
except Exception as e:
    print("interpret mode:", type(e).__name__, str(e).splitlines()[0])

# The TPU lowering, run here without a TPU: refused with a message.
try:
    x = jnp.zeros((8, 128), jnp.float32)
    jax.export.export(jax.jit(call(False, x.shape)), platforms=["tpu"])(x)
except Exception as e:
    print("TPU lowering:", type(e).__name__, str(e).splitlines()[0])
