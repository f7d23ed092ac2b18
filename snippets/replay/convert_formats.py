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

from protowire import field
from repro import A, B, C, residual

compiled = jax.jit(residual).lower(A, B, C).compile()  # compiling writes the HLO files
dump = pathlib.Path("dump")
(proto_file,) = dump.glob("*.before_optimizations.hlo.pb")

# Proto -> text. The file holds an HloProto, whose field 1 is the HloModuleProto.
# HloModule.to_string() prints with XLA's default options, as `hlo-opt module.hlo.pb`
# does; XlaComputation.as_hlo_text() prints a shorter form.
module_proto = field(proto_file.read_bytes(), 1)[0]
computation = xla_client.XlaComputation(module_proto)
text = computation.as_hlo_text()
print(f"{proto_file.name} as text:")
print(computation.get_hlo_module().to_string())

# Text -> binary proto, the form the dump's .hlo.pb files hold.
(text_file,) = dump.glob("*.before_optimizations.txt")
module = xla_client.hlo.hlo_module_from_text(text_file.read_text())
again = module.as_serialized_hlo_module_proto()
print(f"{text_file.name} parsed and serialized: {len(again)} bytes")
print("same module after the round trip:", xla_client.XlaComputation(again).as_hlo_text() == text)

# What three texts carry besides the instructions.
texts = {
    "to_string():": computation.get_hlo_module().to_string(),
    "as_hlo_text():": text,
    "dumped .txt:": text_file.read_text(),
}
for name, t in texts.items():
    print(f"{name:15} metadata {'metadata={' in t}, StackFrames {'StackFrames' in t}")

# The optimized module, in the dump and in the compiled executable: parsed and
# printed the same way, the two texts are equal.
(after_file,) = dump.glob("*.cpu_after_optimizations.txt")
dumped = xla_client.hlo.hlo_module_from_text(after_file.read_text())
held = xla_client.hlo.hlo_module_from_text(compiled.as_text())
print("cpu_after_optimizations.txt is compile().as_text():", dumped.to_string() == held.to_string())
print("with a schedule:", "is_scheduled=true" in compiled.as_text().splitlines()[0])
