import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib

import jax
from jax._src.lib import xla_client  # private: the HLO classes jaxlib ships

from protowire import field
from repro import A, B, C, residual

jax.jit(residual).lower(A, B, C).compile()  # compiling is enough to write the HLO files
dump = pathlib.Path("dump")
(proto_file,) = dump.glob("*.before_optimizations.hlo.pb")

# Proto -> text, what `hlo-opt module.hlo.pb` prints. The file holds an HloProto,
# whose field 1 is the HloModuleProto.
module_proto = field(proto_file.read_bytes(), 1)[0]
text = xla_client.XlaComputation(module_proto).as_hlo_text()
print(f"{proto_file.name} as text:")
print(text)

# Text -> binary proto, the form the dump's .hlo.pb files hold.
(text_file,) = dump.glob("*.before_optimizations.txt")
module = xla_client.hlo.hlo_module_from_text(text_file.read_text())
again = module.as_serialized_hlo_module_proto()
print(f"{text_file.name} parsed and serialized: {len(again)} bytes")
print("same module after the round trip:", xla_client.XlaComputation(again).as_hlo_text() == text)

# What the two texts carry besides the instructions.
for name, t in [("printed from the proto:", text), ("dumped .txt:", text_file.read_text())]:
    print(f"{name:23} metadata {'metadata={' in t}, StackFrames {'StackFrames' in t}")
