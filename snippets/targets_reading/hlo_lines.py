"""Short readings of a compiled module for this chapter's listings: ENTRY's instructions
without their long attributes, and what each ENTRY fusion holds."""

import re

LONG = ("backend_config", "metadata", "sharding", "frontend_attributes")


def _drop(line: str, attribute: str) -> str:
    """`line` without `, attribute={...}` (braces balanced; a JSON config holds braces of its own)."""
    start = line.find(f", {attribute}=")
    if start < 0:
        return line
    at = line.index("=", start) + 1
    if line[at] != "{":
        return line
    depth = 0
    for end in range(at, len(line)):
        depth += {"{": 1, "}": -1}.get(line[end], 0)
        if depth == 0:
            return line[:start] + line[end + 1:]
    return line[:start]


def short(line: str) -> str:
    for attribute in LONG:
        line = _drop(line, attribute)
    return line.strip()


def computations(text: str) -> dict[str, list[str]]:
    """Each computation's name (ENTRY's as "ENTRY") and its instruction lines."""
    found = {}
    for match in re.finditer(r"^(ENTRY )?%(\S+) [^\n]*\{\n(.*?)\n\}", text, re.MULTILINE | re.DOTALL):
        found["ENTRY" if match.group(1) else match.group(2)] = match.group(3).splitlines()
    return found


def entry(compiled) -> list[str]:
    """ENTRY's instructions, shortened, parameters and constants left out."""
    lines = computations(compiled.as_text())["ENTRY"]
    return [short(line) for line in lines if not re.search(r" (parameter|constant)\(", line)]


def label(line: str) -> str:
    """The op_name of an instruction's metadata, without the jit(...)/ prefix."""
    found = re.search(r'op_name="(?:jit\([^)]*\)/)?([^"]*)"', line)
    return found.group(1) if found else "-"


def _opcode(line: str) -> str:
    return re.search(r" ([a-z][\w-]*)\(", " " + line.split(" = ", 1)[1]).group(1)


def fusions(compiled):
    """For each fusion of ENTRY, one dict: its name, kind, backend kind, label, root opcode, the
    opcodes in its body, and the fusions nested in it (recursively)."""
    every = computations(compiled.as_text())

    def body(name):
        opcodes, nested = [], []
        for line in every[name]:
            opcode = _opcode(line)
            if opcode == "parameter":
                continue
            opcodes.append(opcode)
            if opcode == "fusion":
                callee = re.search(r"calls=%([\w.-]+)", line).group(1)
                nested.append(re.search(r"kind=(\w+)", line).group(1) + " " + callee)
                nested += body(callee)[2]
        root = next(line for line in every[name] if line.lstrip().startswith("ROOT"))
        return opcodes, root, nested

    for line in every["ENTRY"]:
        if " fusion(" not in line:
            continue
        callee = re.search(r"calls=%([\w.-]+)", line).group(1)
        opcodes, root, nested = body(callee)
        backend = re.search(r'"kind":"(\w+)"', line)
        yield {"name": re.search(r"%([\w.-]+) =", line).group(1), "kind": re.search(r"kind=(\w+)", line).group(1),
               "backend kind": backend.group(1) if backend else "-", "label": label(line),
               "root": _opcode(root), "root label": label(root),
               "opcodes": opcodes, "nested": nested}


def entry_layout(compiled) -> str:
    """The module's entry_computation_layout: the arguments' layouts, then the result's."""
    return re.search(r"entry_computation_layout=\{(.*?)\}(?:, |$)", compiled.as_text(), re.MULTILINE).group(1)
