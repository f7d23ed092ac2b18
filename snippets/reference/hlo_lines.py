"""One JAX call at a time, the HLO instructions it becomes.

`show(label, f, *args)` lowers `f` for the CPU and prints the label, then the
instructions of the ENTRY computation that XLA receives, before any of its passes,
without metadata and without the parameters (`parameters=True` keeps them).
With `optimized=True` it prints them after the CPU's passes instead. With
`inside=True` it prints the computation that ENTRY's first `call` runs (where JAX
put the work: the body of a nested `jit` or of a `shard_map`). Other called
computations (a reduction's `to_apply`, a loop's body) are left out: the line
that uses them names them.
"""

import re

import jax

METADATA = re.compile(r", metadata=\{[^}]*\}")


def computation(hlo_text, header, parameters=False):
    """The instructions of the computation whose first line starts with `header`."""
    start = re.search(rf"^{re.escape(header)}\b.*\{{$", hlo_text, re.M)
    body = hlo_text[start.end():].split("\n}", 1)[0]
    lines = [METADATA.sub("", line).strip() for line in body.strip("\n").splitlines()]
    return [line for line in lines if parameters or " parameter(" not in line]


def show(label, f, *args, optimized=False, inside=False, parameters=False):
    lowered = jax.jit(f).lower(*args)
    text = lowered.compile().as_text() if optimized else lowered.as_text(dialect="hlo")
    lines = computation(text, "ENTRY", parameters)
    if inside:
        called = next(re.search(r"to_apply=(%?[\w.-]+)", line).group(1) for line in lines if " call(" in line)
        label += f"  # inside {called.lstrip('%')}"
        lines = computation(text, called, parameters)
    print(label)
    for line in lines:
        print("  " + line)
