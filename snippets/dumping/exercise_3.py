from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import numpy as np

from mlp import example_batch, init_params, mlp

# Concrete NumPy inputs of the right shapes (ones will do for a snapshot).
shapes = jax.eval_shape(lambda: (init_params(), example_batch()[0]))
params, x = jax.tree.map(lambda s: np.ones(s.shape, s.dtype), shapes)
forward = jax.jit(mlp).lower(params, x).compile(
    {"xla_dump_to": "snapshots", "xla_dump_hlo_snapshots": True}
)
for scale in (1.0, 2.0, 3.0):
    forward(params, scale * x)

snapshots = sorted(pathlib.Path("snapshots").glob("*.snapshot.*.pb"))
print(len(snapshots), "snapshot files, one per call")
print("only snapshots, no HLO text:", not list(pathlib.Path("snapshots").glob("*.txt")))
