import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


def call(index_map):
    return pl.pallas_call(
        add_one, out_shape=jax.ShapeDtypeStruct((8, 8), jnp.float32), grid=(2, 2),
        in_specs=[pl.BlockSpec((4, 4), index_map)],
        out_specs=pl.BlockSpec((4, 4), index_map), interpret=True)


x = jnp.zeros((8, 8))
buggy = call(lambda i, j: (i, i))(x)  # every step maps to a diagonal block
print("buggy: NaN per 4x4 block", jnp.isnan(buggy).reshape(2, 4, 2, 4).sum((1, 3)).tolist())
fixed = call(lambda i, j: (i, j))(x)
print("fixed: NaN per 4x4 block", jnp.isnan(fixed).reshape(2, 4, 2, 4).sum((1, 3)).tolist())
print("fixed == x + 1:", bool(jnp.all(fixed == x + 1)))
