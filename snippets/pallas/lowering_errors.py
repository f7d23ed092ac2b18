import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((16, 128), jnp.float32)
out_shape = jax.ShapeDtypeStruct((16, 128), jnp.float32)


def lower_for_tpu(call):
    try:
        jax.export.export(jax.jit(call), platforms=["tpu"])(x)
        print("   lowers")
    except Exception as e:
        print("  ", f"{type(e).__module__}.{type(e).__name__}:", str(e).splitlines()[0])


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


print("triple buffering:")
lower_for_tpu(pl.pallas_call(
    copy_kernel, out_shape=out_shape, grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(3))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0))))


def sort_kernel(x_ref, o_ref):
    o_ref[...] = jnp.sort(x_ref[...], axis=1)


print("jnp.sort in a kernel:")
lower_for_tpu(pl.pallas_call(sort_kernel, out_shape=out_shape))
