import logging

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


def call(kernel, interpret):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],  # leave x in HBM; copy it by hand
        scratch_shapes=[pltpu.VMEM((8,), jnp.float32), pltpu.SemaphoreType.DMA],
        interpret=interpret,
    )(jnp.arange(8.0))


# The default, on_race="raise": the first race stops the kernel with an error.
# (JAX also logs the failed callback's whole traceback first; this keeps it out.)
logging.getLogger("jax._src.callback").setLevel(logging.CRITICAL)
try:
    call(racy, pltpu.InterpretParams(detect_races=True))
except jax.errors.JaxRuntimeError as e:
    report = [line for line in str(e).splitlines() if "RACE" in line or " of (" in line]
    print("racy, on_race='raise':", type(e).__name__, *report, sep="\n  ")
pltpu.reset_tpu_interpret_mode_state()  # needed after an error, before the next kernel

# on_race="warn": the report is printed and the kernel runs to the end.
print("racy, on_race='warn':", call(racy, pltpu.InterpretParams(detect_races=True, on_race="warn")))
print("fixed:", call(fixed, pltpu.InterpretParams(detect_races=True)))

# The same racy kernel in plain interpret mode: the copy happens when it starts.
print("racy, interpret=True:", call(racy, True))
