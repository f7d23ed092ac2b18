from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_snapshots --xla_dump_hlo_module_re=reverse"

import pathlib

import jax
import jax.numpy as jnp

from protowire import field, literal


def reverse(x):
    return x[::-1]


for dtype in (jnp.float32, jnp.int32, jnp.bfloat16, jnp.bool_):
    for old in pathlib.Path("dump").glob("*.snapshot.*.pb"):
        old.unlink()
    jax.jit(reverse)(jnp.array([1, 0, 1], dtype))
    (snapshot_file,) = pathlib.Path("dump").glob("*.snapshot.*.pb")
    (argument,) = field(snapshot_file.read_bytes(), 2)
    try:
        print(f"{jnp.dtype(dtype).name:9}", repr(literal(argument)))
    except ValueError as e:
        print(f"{jnp.dtype(dtype).name:9}", "ValueError:", e)
