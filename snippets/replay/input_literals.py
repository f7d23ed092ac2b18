from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_snapshots"
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib

import jax

from protowire import field, literal
from repro import A, B, C, residual

jax.jit(residual)(A, B, C)
dump = pathlib.Path("dump")
(snapshot_file,) = dump.glob("*.snapshot.*.pb")
(before_file,) = dump.glob("*.before_optimizations.txt")
arguments = field(snapshot_file.read_bytes(), 2)  # the LiteralProtos the call received


def message_field(number, payload):
    """One length-delimited field: key (number * 8 + wire type 2), length, bytes."""
    def varint(n):
        out = b""
        while n >= 0x80:
            out, n = out + bytes([n & 0x7F | 0x80]), n >> 7
        return out + bytes([n])
    return varint(number * 8 + 2) + varint(len(payload)) + payload


# RunHloModuleLiterals { iterations = 1: RunHloModuleIterationLiterals { arguments = 2 } }
iteration = b"".join(message_field(2, arg) for arg in arguments)
pathlib.Path("inputs.pb").write_bytes(message_field(1, iteration))

# Read the file back as run_hlo_module would: one iteration, its arguments in order.
(read_iteration,) = field(pathlib.Path("inputs.pb").read_bytes(), 1)
for i, arg in enumerate(field(read_iteration, 2)):
    print(f"inputs.pb, iteration 0, argument {i}:", repr(literal(arg)))
print()
print("run_hlo_module --platform=CPU --input_format=hlo --reference_platform= --print_literals \\")
print(f"    --input_literals_file=inputs.pb {before_file}")
