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

# A second case: the snapshot flag without the text and proto flags, as compile options
# for one compilation, called twice: one snapshot per call, and no HLO text.
alone = jax.jit(residual).lower(A, B, C).compile({
    "xla_dump_to": "dump_alone", "xla_dump_hlo_snapshots": True,
    "xla_dump_hlo_as_text": False, "xla_dump_hlo_as_proto": False})
alone(A, B, C)
alone(A, B, C)
names = sorted(p.name for p in pathlib.Path("dump_alone").iterdir())
print("snapshot flag alone, two calls:", sum(".snapshot." in n for n in names), "snapshots,",
      sum(n.endswith(".txt") for n in names), "HLO text files")
