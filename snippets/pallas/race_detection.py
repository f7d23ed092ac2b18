import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def racy(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    o_ref[...] = buf[...]  # reads buf while the DMA may still be writing it
    copy.wait()


def fixed(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...]


for kernel in [racy, fixed]:
    call = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],  # leave x in HBM; copy it by hand
        scratch_shapes=[pltpu.VMEM((8,), jnp.float32), pltpu.SemaphoreType.DMA],
        interpret=pltpu.InterpretParams(detect_races=True),
    )
    print(f"{kernel.__name__}:", call(jnp.arange(8.0)))

# The same racy kernel in plain interpret mode: the copy happens when it starts.
plain = pl.pallas_call(
    racy,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8,), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=True,
)
print("racy, interpret=True:", plain(jnp.arange(8.0)))
