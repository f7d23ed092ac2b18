import difflib
import re
from collections import Counter

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def softmax_before(x):
    e = jnp.exp(x)
    return e / e.sum(axis=-1, keepdims=True)


def softmax_after(x):  # the new version: subtract each row's maximum first
    e = jnp.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


versions = (jax.jit(softmax_before), jax.jit(softmax_after))
args = (jnp.ones((8, 16)),)
# --8<-- [end:your-function]

# Everything below works for any two jitted functions that take the same arguments.
def normalized(function):
    """The optimized HLO without what differs between any two compilations."""
    text = function.lower(*args).compile().as_text()
    text = text[text.index("\n%") + 1:]  # drop the header and the source tables
    text = re.sub(r", metadata=\{[^}]*\}", "", text)  # source locations
    text = re.sub(r"\b([A-Za-z_][\w-]*?)(\.\d+)+\b", r"\1", text)  # multiply.3 -> multiply
    text = re.sub(r"\bregion_\d+", "region", text)  # the reducers JAX numbers in order
    return text.strip().splitlines()


old, new = (normalized(f) for f in versions)
opcodes = [Counter(re.findall(r"= .*? ([a-z][\w-]*)\(", "\n".join(text))) for text in (old, new)]
print("opcodes whose count changed:")
for op in sorted(set(opcodes[0]) | set(opcodes[1])):
    if opcodes[0][op] != opcodes[1][op]:
        print(f"  {op:20} {opcodes[0][op]:3} -> {opcodes[1][op]}")
print("\n".join(difflib.unified_diff(old, new, "before", "after", n=0, lineterm="")))
