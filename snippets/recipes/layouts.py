import re

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def f(x):
    return x.T * 2.0  # f32[8,16] -> f32[16,8]


args = (jnp.ones((8, 16)),)
# --8<-- [end:your-function]

# Everything below works for any function.
hlo = target.compile(f, *args).as_text()
print("entry_computation_layout=" + re.search(r"entry_computation_layout=\{(.*?)\}(?:, |$)", hlo, re.M).group(1))

SHAPE = r"(\w+)\[([\d,]*)\]\{([\d,]*)(?::([^}]*))?\}"  # dtype[dims]{minor_to_major:tiles, memory space}


def meaning(dims, layout):
    """Which dimension is contiguous in memory, then the next, ...: the layout read aloud."""
    dims = [int(d) for d in dims.split(",") if d]
    order = [int(d) for d in layout.split(",") if d]
    row_major = order == list(range(len(dims)))[::-1]
    walk = ", ".join(f"dim {d} (size {dims[d]})" for d in order)
    return ("row-major" if row_major else "NOT row-major") + (f"; fastest first: {walk}" if len(dims) > 1 else "")


def after_colon(extra):
    """A TPU's tiles and memory space, read aloud ('' where there are none, as on the CPU)."""
    tiles = re.findall(r"\(([\d,]+)\)", tile[1]) if (tile := re.search(r"T((?:\([\d,]+\))+)", extra)) else []
    said = [f"stored in tiles of {' x '.join(tiles[0].split(','))} elements, padded to whole tiles"] if tiles else []
    said += [f"then tiles of ({t}) inside those (narrow types: elements packed into 32-bit words)" for t in tiles[1:]]
    said += [f"in memory space {space[1]}"] if (space := re.search(r"S\((\d+)\)", extra)) else []
    return "; " + "; ".join(said) if said else ""


seen = {}
instructions = re.findall(r"^\s+(?:ROOT )?%(\S+) = " + SHAPE + r" (\S+?)\((.*?)\)(.*)$", hlo, re.MULTILINE)
shapes = {name: (dtype, dims, layout) for name, dtype, dims, layout, *_ in instructions}
for name, dtype, dims, layout, extra, opcode, operands, rest in instructions:
    shown = extra if after_colon(extra or "") else ""  # a 4-bit type's E(4) is left out
    seen.setdefault(f"{dtype}[{dims}]{{{layout}{':' + shown if shown else ''}}}",
                    meaning(dims, layout) + after_colon(shown))
print("\nEach shape{layout} in the optimized HLO:")
for text, said in seen.items():
    print(f"  {text:24} {said}")
print("\nInstructions that change or reinterpret a layout:")
for name, dtype, dims, layout, extra, opcode, operands, rest in instructions:
    if opcode in ("transpose", "copy", "bitcast") and operands.lstrip("%") in shapes:
        odtype, odims, olayout = shapes[operands.lstrip("%")]
        perm = re.search(r"dimensions=\{([\d,]*)\}", rest)
        same_bytes = opcode == "bitcast" or (opcode == "transpose" and
                                             [perm[1].split(",")[int(d)] for d in layout.split(",")] == olayout.split(","))
        print(f"  {opcode:9} {odtype}[{odims}]{{{olayout}}} -> {dtype}[{dims}]{{{layout}}}"
              f"{'  dimensions={' + perm[1] + '}' if perm else ''}: "
              + ("same bytes, read another way" if same_bytes else "moves the bytes into the new layout"))
