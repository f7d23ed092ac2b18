from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.extend
import numpy as np

from repro import A, B, C, residual

# --8<-- [start:save]
# On the machine where the problem shows: save the program and its inputs.
lowered = jax.jit(residual).lower(A, B, C)
pathlib.Path("residual.mlir").write_text(lowered.as_text())
np.savez("inputs.npz", a=A, b=B, c=C)
# --8<-- [end:save]
print(pathlib.Path("residual.mlir").read_text())

# --8<-- [start:replay]
# Anywhere else, with the same jax version and no Python source: replay them.
backend = jax.extend.backend.get_backend()
executable = backend.compile_and_load(
    pathlib.Path("residual.mlir").read_text(), backend.devices()[:1]
)
inputs = np.load("inputs.npz")
(out,) = executable.execute([jax.device_put(inputs[k]) for k in ("a", "b", "c")])
print("replayed from residual.mlir + inputs.npz:", out)
# --8<-- [end:replay]
print("jax.jit(residual) in this process:       ", jax.jit(residual)(A, B, C))
