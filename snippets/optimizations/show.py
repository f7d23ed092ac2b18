"""Print HLO modules so that the part worth reading is all that is left.

`readable` keeps the computations of a module and drops two things that make
listings long without changing their meaning: the `metadata={...}` attribute
(which JAX operation and Python line an instruction came from) and the tables of
file names and stack frames that compiled modules start with.
"""

import re


def readable(hlo_text, header=False):
    """Return the computations of `hlo_text`, without metadata.

    With header=True, the first line keeps the module name and its
    entry_computation_layout (the layouts of the arguments and results).
    """
    blocks = hlo_text.strip().split("\n\n")
    kept = []
    if header:
        first = blocks[0].splitlines()[0]
        layout = re.search(r"entry_computation_layout=\{.*?\}(?=, |$)", first)
        kept.append(first.split(",")[0] + (", " + layout.group(0) if layout else ""))
    for block in blocks:
        # A computation starts with a line such as `ENTRY %main.1 (...) -> ... {`.
        if block.strip().splitlines()[0].endswith("{"):
            kept.append(re.sub(r", metadata=\{[^}]*\}", "", block.strip()))
    return "\n\n".join(kept)


def computation(hlo_text, name):
    """Return one computation of a readable module: ENTRY, or one whose name starts with `name`."""
    for block in readable(hlo_text).split("\n\n"):
        first = block.splitlines()[0]
        if first.startswith(name) or first.startswith("%" + name):
            return block
    raise KeyError(name)
