import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = 2 * x_ref[...]


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def half_covered(dtype, kernel=double_kernel):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8,), dtype),
        grid=(1,),  # bug: one step of 4 covers only half of the output
        in_specs=[pl.BlockSpec((4,), lambda i: (i,))],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        interpret=True,
    )


print(half_covered(jnp.float32)(jnp.arange(8.0)))
print(half_covered(jnp.int32)(jnp.arange(8, dtype=jnp.int32)))
# Two dtypes that do not follow the rule: int16 (the interpreter's semaphore dtype) and bool.
for dtype in [jnp.int16, jnp.bool_]:
    out = half_covered(dtype, copy_kernel)(jnp.ones(8, dtype))
    print(f"{jnp.dtype(dtype).name}: never written = {out[4:]}")

# A complex output, every element written (no grid): plain interpret mode cannot run it.
try:
    pl.pallas_call(copy_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.complex64), interpret=True)(
        jnp.ones(8, jnp.complex64))
except NotImplementedError as error:
    print("complex64, fully written:", type(error).__name__, error)

# The same output aliased to its input is not filled first, so it runs.
aliased = pl.pallas_call(copy_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.complex64), interpret=True,
                         input_output_aliases={0: 0})(jnp.ones(8, jnp.complex64))
print("complex64, aliased to its input:", aliased[:2])
