from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.extend
import numpy as np

from mlp import example_batch, init_params, loss

params = init_params(0)
x, y = example_batch()

# Save: the StableHLO text and every input, flattened in the order the module expects.
lowered = jax.jit(loss).lower(params, x, y)
pathlib.Path("loss.mlir").write_text(lowered.as_text())
leaves = jax.tree.leaves((params, x, y))
np.savez("inputs.npz", *[np.asarray(leaf) for leaf in leaves])

# Replay from the two files only.
backend = jax.extend.backend.get_backend()
executable = backend.compile_and_load(pathlib.Path("loss.mlir").read_text(), backend.devices()[:1])
saved = np.load("inputs.npz")
inputs = [jax.device_put(saved[f"arr_{i}"]) for i in range(len(saved.files))]
(replayed,) = executable.execute(inputs)
print("inputs saved:", len(saved.files))
print("replayed == jax.jit(loss):", bool(replayed == jax.jit(loss)(params, x, y)))
