import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = 2 * x_ref[...]


def double(block, interpret):
    return pl.pallas_call(
        double_kernel,
        out_shape=jax.ShapeDtypeStruct((16, 256), jnp.float32),
        grid=(16 // block[0], 256 // block[1]),
        in_specs=[pl.BlockSpec(block, lambda i, j: (i, j))],
        out_specs=pl.BlockSpec(block, lambda i, j: (i, j)),
        interpret=interpret,
    )


x = jnp.ones((16, 256), jnp.float32)
for block in [(4, 4), (8, 128)]:
    correct = bool(jnp.all(double(block, interpret=True)(x) == 2))
    try:
        jax.export.export(jax.jit(double(block, interpret=False)), platforms=["tpu"])(x)
        tpu = "lowers"
    except ValueError as e:
        tpu = "ValueError: " + str(e).split(". ")[0] + "."  # first sentence only
    print(f"block {block}: interpret mode correct={correct}")
    print(f"  TPU lowering: {tpu}")
