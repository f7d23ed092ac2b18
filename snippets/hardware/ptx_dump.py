from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/hardware/ptx_dump/ (git-ignored), the same on every run

import os

# --xla_dump_emitter_re picks the code generators whose output is dumped: "ptx" for a GPU's PTX.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_emitter_re=ptx"  # read when the backend starts, below

import pathlib
import re

import jax
import jax.numpy as jnp

import target


def layer(x, w):
    return jnp.tanh(x @ w)


shapes = jax.ShapeDtypeStruct((128, 256), jnp.float32), jax.ShapeDtypeStruct((256, 512), jnp.float32)
target.compile(layer, *shapes)
names = sorted(path.name for path in pathlib.Path("dump").rglob("*") if path.is_file())
ptx = [name for name in names if name.endswith(".ptx")]
print(f"{len(names)} files, {len(ptx)} of them PTX:")
for name in ptx:
    print(" ", re.sub(r"^module_\d{4}\.", "module_NNNN.", name))
