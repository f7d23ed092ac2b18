import re
from collections import Counter

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def block(w, x):  # the part whose intermediate values you would rather recompute than keep
    return jnp.sin(jnp.tanh(x @ w))


def make_loss(block):  # your loss, calling the block it is given
    def loss(w, x):
        return jnp.sum(block(w, block(w, x)) ** 2)
    return loss


args = (jnp.ones((128, 128)) / 128, jnp.ones((32, 128)))
# --8<-- [end:your-function]

# Everything below works for any block and loss: the gradient with and without jax.checkpoint.
variants = {"without": make_loss(block), "with checkpoint": make_loss(jax.checkpoint(block))}
counts, temps = {}, {}
for label, loss in variants.items():
    jaxpr = str(jax.make_jaxpr(jax.grad(loss))(*args))
    heads = re.findall(r"^ *(\S.* = (?:remat\w*|checkpoint)\[)$", jaxpr, re.M)  # the equation's first line
    print(f"{label:16} jaxpr of grad: {len(heads)} checkpoint equations", *heads, sep="\n    " if heads else "")
    compiled = target.compile(jax.grad(loss), *args)  # the optimized gradient, for the target
    counts[label] = Counter(re.findall(r"= \S+ ([a-z][\w-]*)\(", compiled.as_text()))  # opcodes, fused ones included
    temps[label] = compiled.memory_analysis().temp_size_in_bytes
print()
print(f"{'optimized HLO opcode':24} {'without':>8} {'with checkpoint':>16}")
for op in sorted(set(counts["without"]) | set(counts["with checkpoint"])):
    a, b = counts["without"][op], counts["with checkpoint"][op]
    if a != b and op != "parameter":  # parameters of fused computations follow the fusions
        print(f"{op:24} {a:>8} {b:>16}")
print(f"{'(temp bytes)':24} {temps['without']:>8} {temps['with checkpoint']:>16}")
