import logging

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def sum_kernel(x_ref, o_ref):
    # Sums the grid's four 8x128 blocks into one output block.
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += x_ref[...]


def block_sum(semantics, interpret):
    return pl.pallas_call(
        sum_kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        grid=(4,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),  # every step writes block 0
        compiler_params=pltpu.CompilerParams(dimension_semantics=(semantics,)),
        interpret=interpret,
    )


x = jnp.ones((32, 128), jnp.float32)  # the right sum is 4.0 everywhere

# One core: the steps run one after another, the same way on every run.
modes = {"interpret=True": True, "random_seed=1": pltpu.InterpretParams(random_seed=1)}
for semantics in ["parallel", "arbitrary"]:
    for name, interpret in modes.items():
        out = block_sum(semantics, interpret)(x)
        print(f"{semantics:9} {name:15} sum = {float(out[0, 0])}")

# Two simulated cores, run as two threads. Which one writes the block back last
# changes from run to run, so only stable facts are printed: whether the sum is
# right, whether the race detector reported a race, and which core ran which step.
class Reports(logging.Handler):  # on_race="warn" logs each race as a warning
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


for semantics in ["parallel", "arbitrary"]:
    steps = {}

    def record(token, grid_point, core):
        steps.setdefault(int(core), []).append(int(grid_point[0]))
        return token

    two_cores = pltpu.InterpretParams(
        num_cores_or_threads=2, detect_races=True, on_race="warn", grid_point_recorder=record
    )
    reports = Reports()
    logging.getLogger().addHandler(reports)
    out = block_sum(semantics, two_cores)(x).block_until_ready()
    logging.getLogger().removeHandler(reports)
    print(
        f"{semantics:9} two cores       sum is 4.0: {bool((out == 4.0).all())}, "
        f"race reported: {any('RACE DETECTED' in m for m in reports.messages)}, "
        f"steps per core: {dict(sorted(steps.items()))}"
    )
