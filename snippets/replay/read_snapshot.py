from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib

import jax
from jax._src.lib import xla_client  # private: the HLO classes jaxlib ships

from protowire import field, fields, literal
from repro import A, B, C, residual

jax.jit(residual)(A, B, C)
(snapshot_file,) = pathlib.Path("dump").glob("*.snapshot.*.pb")
snapshot = snapshot_file.read_bytes()

print("fields of the HloSnapshot:", [number for number, _ in fields(snapshot)])
for i, arg in enumerate(field(snapshot, 2)):
    print(f"argument {i}:", repr(literal(arg)))
print("result:    ", repr(literal(field(snapshot, 3)[0])))

module_proto = field(field(snapshot, 1)[0], 1)[0]  # HloSnapshot.hlo.hlo_module
text = xla_client.XlaComputation(module_proto).as_hlo_text()
print()
print(text)
