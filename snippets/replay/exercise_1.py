from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib

import jax
import jax.numpy as jnp
import numpy as np

from protowire import field, literal


def running_total(x):
    return jnp.cumsum(x)


jax.jit(running_total)(np.array([3, 1, 4, 1, 5], np.int32))
(snapshot_file,) = pathlib.Path("dump").glob("*.jit_running_total.snapshot.*.pb")
snapshot = snapshot_file.read_bytes()
print("argument:", repr(literal(field(snapshot, 2)[0])))
print("result:  ", repr(literal(field(snapshot, 3)[0])))
