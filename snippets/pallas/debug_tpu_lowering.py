import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


x = jnp.ones((8, 128), jnp.float32)  # one (8, 128) tile: the smallest TPU block
add = pl.pallas_call(
    add_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    debug=True,
    name="my_add",
)
# Lower for a TPU without having one: jax.export runs the whole lowering,
# Pallas-to-Mosaic included, in Python. Nothing is compiled or run.
exported = jax.export.export(jax.jit(add), platforms=["tpu"])(x, x)
stablehlo = exported.mlir_module()
print("\ncustom calls in the StableHLO:", stablehlo.count("stablehlo.custom_call"))
print("target:", "@tpu_custom_call" in stablehlo)
