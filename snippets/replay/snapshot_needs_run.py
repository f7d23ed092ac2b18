from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib

import jax

from repro import A, B, C, residual


def snapshots():
    return sorted(pathlib.Path("dump").glob("*.snapshot.*.pb"))


compiled = jax.jit(residual).lower(A, B, C).compile()
print("after compile():  ", len(snapshots()), "snapshots")
compiled(A, B, C)
print("after one call:   ", len(snapshots()), "snapshot")
for _ in range(3):
    compiled(A, B, C)
print("after four calls: ", len(snapshots()), "snapshots,",
      len({p.name.split(".")[-2] for p in snapshots()}), "different run ids")
