import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

import target

if target.only("tpu"):  # these kernels lower; Mosaic, inside libtpu's compile, refuses them
    def double_kernel(x_ref, o_ref):  # int8 * int8 on vectors
        o_ref[...] = x_ref[...] * 2

    def double_fixed(x_ref, o_ref):  # the arithmetic in int32, the block stays int8
        o_ref[...] = (x_ref[...].astype(jnp.int32) * 2).astype(jnp.int8)

    def matmul_kernel(x_ref, o_ref):  # an int32 matrix product
        o_ref[...] = jnp.dot(x_ref[...], x_ref[...].T)

    def matmul_fixed(x_ref, o_ref):  # the product in float32
        x = x_ref[...].astype(jnp.float32)
        o_ref[...] = jnp.dot(x, x.T).astype(jnp.int32)

    def shifted_kernel(x_ref, o_ref):  # a lane-dimension window at 3 * step: not a multiple of 128
        o_ref[...] = x_ref[:, pl.ds(pl.program_id(0) * 3, 128)]

    def shifted_fixed(x_ref, o_ref):  # a window at 128 * step, declared a multiple of 128
        o_ref[...] = x_ref[:, pl.ds(pl.multiple_of(pl.program_id(0) * 128, 128), 128)]

    window = dict(grid=(2,), in_specs=[pl.BlockSpec((8, 256), lambda i: (0, 0))],
                  out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)))
    cases = [("int8 multiply", double_kernel, double_fixed, (8, 128), jnp.int8, (8, 128), {}),
             ("int32 matmul", matmul_kernel, matmul_fixed, (8, 128), jnp.int32, (8, 8), {}),
             ("unaligned lane window", shifted_kernel, shifted_fixed, (8, 256), jnp.float32, (8, 128), window)]

    def compiles(kernel, shape, dtype, out, blocks):
        call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(out, dtype), **blocks)
        jax.export.export(jax.jit(call), platforms=["tpu"])(jax.ShapeDtypeStruct(shape, dtype))  # it lowers
        target.compile(call, jax.ShapeDtypeStruct(shape, dtype))

    for label, kernel, fixed, *shapes in cases:
        try:
            compiles(kernel, *shapes)
            print(f"--- {label}: compiles")
        except Exception as error:
            lines = str(error).splitlines()
            print(f"--- {label}: lowers; compiling raises {type(error).__module__}.{type(error).__name__}")
            print(f"  locations in the message: {str(error).count('loc(')}")
            for line in lines[:5]:
                print("  " + line[:260])
        compiles(fixed, *shapes)
        print(f"  {fixed.__name__}: compiles")
