import dataclasses

from jax.experimental.pallas import tpu as pltpu

# Every option of TPU interpret mode in this jax version, with its default.
for f in dataclasses.fields(pltpu.InterpretParams):
    print(f"{f.name:36} {f.default!r}")
