"""Group the instructions of an HLO text by the line of Python that produced them.

Works on the text before XLA's passes (`lowered.as_text(dialect="hlo",
debug_info=True)`, names without `%`) and on the optimized text
(`compiled.as_text()`, names with `%`), and looks inside every computation, fused
ones included.
"""

import linecache
import re

from hlo_tables import parse_tables

# A computation starts at column 0 and ends its line with "{":
#   "ENTRY %main.1 (x.1: f32[8]) -> f32[8] {", "%fused_computation (...) -> ... {", "region_0.1 {"
COMPUTATION = re.compile(r"^(?:ENTRY )?%?([\w.-]+)\b.*\{$")
# An instruction: "  [ROOT ]%name = shape opcode(operands)..."; a tuple shape is in parentheses.
INSTRUCTION = re.compile(r"^\s+(?:ROOT )?%?([\w.-]+) = (?:\([^=]*?\)|\S+) ([a-z][\w-]*)\(")
FRAME = re.compile(r"metadata=\{[^}]*stack_frame_id=(\d+)")


def instructions_by_line(hlo_text):
    """{(file, line): [(computation, instruction, opcode)]} in the order of the text.

    The key is the innermost frame of the instruction's stack_frame_id; instructions
    with no stack frame (no metadata, or an op_name alone) are under the key None.
    """
    tables = parse_tables(hlo_text)
    groups, computation = {}, None
    for text_line in hlo_text.splitlines():
        if match := COMPUTATION.match(text_line):
            computation = match[1]
            continue
        if computation is None or not (match := INSTRUCTION.match(text_line)):
            continue
        key = None
        if frame := FRAME.search(text_line):
            location = tables["FileLocations"][tables["StackFrames"][int(frame[1])]["file_location_id"]]
            key = (tables["FileNames"][location["file_name_id"]], location["line"])
        groups.setdefault(key, []).append((computation, match[1], match[2]))
    return groups


def show(groups):
    """Print each source line, then its instructions as computation/instruction opcode."""
    for key, instructions in sorted(groups.items(), key=lambda kv: (kv[0] is None, kv[0] or ())):
        if key is None:
            print("no stack frame:")
        else:
            file, line = key
            print(f"{file}:{line}: {linecache.getline(file, line).strip()}")
        for computation, name, opcode in instructions:
            print(f"    {computation}/{name} {opcode}")
