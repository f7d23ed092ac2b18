import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] @ y_ref[...]


matmul = pl.pallas_call(
    matmul_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 8), jnp.float32),
    grid=(2, 2),
    in_specs=[pl.BlockSpec((4, 8), lambda i, j: (i, 0)),
              pl.BlockSpec((8, 4), lambda i, j: (0, j))],
    out_specs=pl.BlockSpec((4, 4), lambda i, j: (i, j)),
    interpret=True,
)
x = jnp.ones((8, 8))
print(jax.make_jaxpr(matmul)(x, x))
