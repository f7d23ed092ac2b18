"""Count what is in an HLO module, from its text alone.

Works on both kinds of text JAX gives you:

    jax.jit(f).lower(*args).as_text(dialect="hlo")   # before XLA's passes
    jax.jit(f).lower(*args).compile().as_text()      # after them

No JAX import: copy this file next to your script and call
`stats(hlo_text)`.
"""

import re
from collections import Counter

# `/*index=5*/` comments appear inside long tuple shapes.
_COMMENT = re.compile(r"/\*.*?\*/")
# An instruction line: optional ROOT, optional %, a name, then " = ".
_INSTRUCTION = re.compile(r"^\s*(?:ROOT\s+)?%?(?P<name>[^\s=]+)\s*=\s*(?P<rest>.*)$")
_KIND = re.compile(r"\bkind=(k\w+)")


def _split_shape(rest):
    """Split 'SHAPE OPCODE(...)...' into (SHAPE, remainder); tuple shapes nest parentheses."""
    if not rest.startswith("("):
        shape, _, remainder = rest.partition(" ")
        return shape, remainder
    depth = 0
    for i, char in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return rest[: i + 1], rest[i + 1 :].lstrip()
    raise ValueError(f"unbalanced tuple shape: {rest!r}")


def instructions(hlo_text):
    """Yield (computation, name, opcode, line) for every instruction in the module."""
    computation = None
    for raw in hlo_text.splitlines():
        line = _COMMENT.sub("", raw).rstrip()
        match = _INSTRUCTION.match(line)
        if match is None:
            # Not an instruction. A line ending in "{" opens a computation,
            # e.g. "ENTRY %main.1 (x.1: f32[8,16]) -> f32[8,16] {".
            if line.endswith("{") and not line.startswith("HloModule"):
                computation = line.split()[1] if line.startswith("ENTRY") else line.split()[0]
                computation = ("ENTRY " if line.startswith("ENTRY") else "") + computation.lstrip("%")
            continue
        _, remainder = _split_shape(match.group("rest"))
        opcode = re.match(r"[\w\-]+", remainder).group(0)
        yield computation, match.group("name"), opcode, line


def stats(hlo_text):
    """Summarize a module.

    Returns a dict with
      entry_opcodes: Counter of opcodes in the ENTRY computation, the
                     instructions that run one after the other;
      all_opcodes:   Counter of opcodes in every computation, including the
                     bodies of fusions and the reducers of reduce;
      fusion_kinds:  Counter of the kind= of every fusion instruction.
    """
    entry, everything, kinds = Counter(), Counter(), Counter()
    for computation, _, opcode, line in instructions(hlo_text):
        everything[opcode] += 1
        if computation and computation.startswith("ENTRY"):
            entry[opcode] += 1
        if opcode == "fusion":
            kinds[_KIND.search(line).group(1)] += 1
    return {"entry_opcodes": entry, "all_opcodes": everything, "fusion_kinds": kinds}


def entry_size(hlo_text):
    """How many instructions the ENTRY computation has, parameters and constants excluded."""
    entry = stats(hlo_text)["entry_opcodes"]
    return sum(n for op, n in entry.items() if op not in ("parameter", "constant"))
