"""Row sums and a matrix product of 512x512 arrays, compiled for six element types, int8 products, and float16 at 64x64: what ENTRY runs."""

import re

import jax
import jax.numpy as jnp

import target

INSTRUCTION = r"\s*(?:ROOT )?(%\S+) = (?:\([^=]*?\)|\S+) ([\w-]+)\("  # a tuple-shaped result too
PLUMBING = {"parameter", "constant", "broadcast", "bitcast"}


def entry_summary(text):
    """ENTRY's instructions other than parameters and constants; a fusion as kind[opcodes inside], as fusion_kinds.py shows them."""
    opcodes, name = {}, None
    for line in text.splitlines():
        if header := re.match(r"(?:ENTRY )?(%\S+) \(", line):
            name = header.group(1)
        elif found := re.match(INSTRUCTION, line):
            opcodes.setdefault(name, []).append(found.group(2))
    summary = []
    for line in text[text.index("ENTRY") :].splitlines():
        found = re.match(INSTRUCTION, line)
        if not found or found.group(2) in ("parameter", "constant"):
            continue
        if found.group(2) == "custom-call":  # with the function it calls
            summary.append(f"custom-call {re.search(r'custom_call_target=\"([^\"]+)\"', line).group(1)}")
            continue
        if found.group(2) != "fusion":
            summary.append(found.group(2))
            continue
        kind = re.search(r"kind=(\w+)", line).group(1)
        library = re.search(r'"kind":"(\w+)"', line)
        inside = sorted(set(opcodes[re.search(r"calls=(%[\w.-]+)", line).group(1)]) - PLUMBING)
        summary.append(f"{kind}{' ' + library.group(1) if library else ''}[{' '.join(inside)}]")
    return "  ".join(summary)


for label, f, operands in [("row sums", lambda x: x.sum(axis=1), 1), ("matmul", lambda x, w: x @ w, 2)]:
    print(f"== {label} of 512x512")
    for dtype in (jnp.float32, jnp.bfloat16, jnp.float16, jnp.int32, jnp.int16, jnp.complex64):
        x = jax.ShapeDtypeStruct((512, 512), dtype)
        text = target.compile(f, *[x] * operands).as_text()
        print(f"{jnp.dtype(dtype).name:10} {entry_summary(text)}")

# int8 operands, the usual quantized product: with an int8 result, and with an
# int32 result (preferred_element_type).
x8 = jax.ShapeDtypeStruct((512, 512), jnp.int8)
for result in (jnp.int8, jnp.int32):
    product = lambda x, w: jnp.matmul(x, w, preferred_element_type=result)
    text = target.compile(product, x8, x8).as_text()
    print(f"{'int8->' + jnp.dtype(result).name:10} {entry_summary(text)}")

# float16 at another size: 64x64.
print("== float16 at 64x64")
x16 = jax.ShapeDtypeStruct((64, 64), jnp.float16)
for label, f, operands in [("row sums", lambda x: x.sum(axis=1), 1), ("matmul", lambda x, w: x @ w, 2)]:
    text = target.compile(f, *[x16] * operands).as_text()
    print(f"{label:10} {entry_summary(text)}")
