import contextlib
import io

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
# right, whether the race detector printed a report, and which core ran which step.
for semantics in ["parallel", "arbitrary"]:
    steps = {}

    def record(token, grid_point, core):
        steps.setdefault(int(core), []).append(int(grid_point[0]))
        return token

    two_cores = pltpu.InterpretParams(
        num_cores_or_threads=2, detect_races=True, grid_point_recorder=record
    )
    report = io.StringIO()
    with contextlib.redirect_stdout(report):  # the race detector prints its report
        out = block_sum(semantics, two_cores)(x).block_until_ready()
    print(
        f"{semantics:9} two cores       sum is 4.0: {bool((out == 4.0).all())}, "
        f"race reported: {'RACE DETECTED' in report.getvalue()}, "
        f"steps per core: {dict(sorted(steps.items()))}"
    )
