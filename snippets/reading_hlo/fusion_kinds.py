"""Compile a few typical functions at two sizes and list the fusions XLA's CPU backend made."""

import re

import jax
import jax.numpy as jnp

import target

INSTRUCTION = r"\s*(?:ROOT )?(%\S+) = (?:\([^=]*?\)|\S+) ([\w-]+)\("  # a tuple-shaped result too
PLUMBING = {"parameter", "constant", "broadcast", "bitcast"}


def functions(n):
    """Seven typical functions and example arguments of size n (abstract: nothing is allocated)."""
    a = jax.ShapeDtypeStruct((n, n), jnp.float32)
    v = jax.ShapeDtypeStruct((n,), jnp.float32)
    return {
        "elementwise chain": (lambda x: jnp.tanh(x * 2.0 + 1.0), (a,)),
        "row sums of exp": (lambda x: jnp.exp(x).sum(axis=1), (a,)),
        "softmax": (jax.nn.softmax, (a,)),
        "matmul + relu": (lambda x, w: jax.nn.relu(x @ w), (a, a)),
        "matmul + relu + sum": (lambda x, w: jax.nn.relu(x @ w).sum(), (a, a)),
        "matvec + add": (lambda x, u, b: x @ u + b, (a, v, v)),
        "transpose + sin": (lambda x: jnp.sin(x.T), (a,)),
    }


def entry_summary(text):
    """ENTRY's instructions other than parameters; a fusion as kind[opcodes inside, plumbing left out]."""
    opcodes, name = {}, None
    for line in text.splitlines():
        if header := re.match(r"(?:ENTRY )?(%\S+) \(", line):
            name = header.group(1)
        elif found := re.match(INSTRUCTION, line):
            opcodes.setdefault(name, []).append(found.group(2))
    summary = []
    for line in text[text.index("ENTRY") :].splitlines():
        found = re.match(INSTRUCTION, line)
        if not found or found.group(2) == "parameter":
            continue
        if found.group(2) != "fusion":
            summary.append(found.group(2))
            continue
        kind = re.search(r"kind=(\w+)", line).group(1)
        library = re.search(r'"kind":"(\w+)"', line)  # a kCustom fusion's backend_config
        inside = sorted(set(opcodes[re.search(r"calls=(%[\w.]+)", line).group(1)]) - PLUMBING)
        summary.append(f"{kind}{' ' + library.group(1) if library else ''}[{' '.join(inside)}]")
    return "  ".join(summary)


print("ENTRY's instructions other than parameters; a fusion is shown as kind[the opcodes inside it],")
print("leaving out parameter, constant, broadcast and bitcast")
texts = {}
for name in functions(8):
    for n in [8, 512]:
        f, args = functions(n)[name]
        text = texts[name, n] = target.compile(f, *args).as_text()
        print(f"{name if n == 8 else '':19} {f'{n}x{n}':8} {entry_summary(text)}")

# The matrix-vector product at 512x512, as the optimized module computes it:
entry = texts["matvec + add", 512].split("ENTRY")[1]
for line in entry.splitlines():
    if " bitcast(" in line or " dot(" in line:
        print(line.split(", metadata=")[0].strip())
