"""Compile a few typical functions and count the fusion kinds XLA's CPU backend chose."""

import collections
import re

import jax
import jax.numpy as jnp

a = jnp.ones((64, 64))
v = jnp.ones(64)
functions = {
    "elementwise chain": (lambda x: jnp.tanh(x * 2.0 + 1.0), (a,)),
    "row sums of exp": (lambda x: jnp.exp(x).sum(axis=1), (a,)),
    "softmax": (jax.nn.softmax, (a,)),
    "matmul + relu": (lambda x, w: jax.nn.relu(x @ w), (a, a)),
    "matvec + add": (lambda x, u, b: x @ u + b, (a, v, v)),
    "transpose + sin": (lambda x: jnp.sin(x.T), (a,)),
}
total = collections.Counter()
texts = {}
for name, (f, args) in functions.items():
    text = texts[name] = jax.jit(f).lower(*args).compile().as_text()
    kinds = collections.Counter(re.findall(r"kind=(k\w+)", text))
    total += kinds
    print(f"{name:18} {dict(sorted(kinds.items()))}")
print(f"{'all':18} {dict(sorted(total.items()))}")

# The matrix-vector product, as the optimized module computes it:
entry = texts["matvec + add"].split("ENTRY")[1]
for line in entry.splitlines():
    if " bitcast(" in line or " dot(" in line:
        print(line.split(", metadata=")[0].strip())
