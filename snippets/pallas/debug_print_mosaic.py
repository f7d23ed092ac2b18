import contextlib
import io

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def int_scalar(x_ref, o_ref):
    pl.debug_print("step {}", pl.program_id(0))  # an int32 scalar
    o_ref[...] = x_ref[...]


def float_scalar(x_ref, o_ref):
    pl.debug_print("x[0, 0] = {}", x_ref[0, 0])  # a float32 scalar
    o_ref[...] = x_ref[...]


def bf16_scalar(x_ref, o_ref):
    pl.debug_print("x[0, 0] = {}", x_ref[0, 0].astype(jnp.bfloat16))  # a 16-bit float scalar
    o_ref[...] = x_ref[...]


def vector(x_ref, o_ref):
    pl.debug_print("block: {}", x_ref[...])  # one vector; fmt must end in {}
    o_ref[...] = x_ref[...]


x = jnp.ones((8, 128), jnp.float32)
for kernel in [int_scalar, float_scalar, bf16_scalar, vector]:
    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          grid=(1,), debug=True)
    text = io.StringIO()
    print(f"{kernel.__name__}:")
    try:
        with contextlib.redirect_stdout(text):  # debug=True prints; keep it to filter it
            jax.export.export(jax.jit(call), platforms=["tpu"])(x)
    except Exception as e:
        print("  ", type(e).__name__, str(e).splitlines()[0])
    # Excerpt: only the Mosaic operations that print.
    for line in text.getvalue().splitlines():
        if "tpu.log" in line:
            print("  ", line.strip())
