import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, y_ref, o_ref):
    # One (i, j) step: a 4x8 row block of x times an 8x4 column block of y.
    o_ref[...] = x_ref[...] @ y_ref[...]


x = jnp.arange(64.0).reshape(8, 8)
y = jnp.arange(64.0).reshape(8, 8) / 64
matmul = pl.pallas_call(
    matmul_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 8), jnp.float32),
    grid=(2, 2),
    in_specs=[
        pl.BlockSpec((4, 8), lambda i, j: (i, 0)),  # rows i*4 .. i*4+3 of x
        pl.BlockSpec((8, 4), lambda i, j: (0, j)),  # columns j*4 .. j*4+3 of y
    ],
    out_specs=pl.BlockSpec((4, 4), lambda i, j: (i, j)),
    interpret=True,  # run the kernel as ordinary XLA ops on the CPU
)
out = matmul(x, y)
print(out[:2])
print("matches x @ y:", bool(jnp.allclose(out, x @ y)))
