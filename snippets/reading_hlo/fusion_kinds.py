"""Compile a few typical functions at two sizes and count the fusion kinds XLA's CPU backend chose."""

import collections
import re

import jax
import jax.numpy as jnp


def functions(n):
    """Six typical functions and example arguments of size n (abstract: nothing is allocated)."""
    a = jax.ShapeDtypeStruct((n, n), jnp.float32)
    v = jax.ShapeDtypeStruct((n,), jnp.float32)
    return {
        "elementwise chain": (lambda x: jnp.tanh(x * 2.0 + 1.0), (a,)),
        "row sums of exp": (lambda x: jnp.exp(x).sum(axis=1), (a,)),
        "softmax": (jax.nn.softmax, (a,)),
        "matmul + relu": (lambda x, w: jax.nn.relu(x @ w), (a, a)),
        "matvec + add": (lambda x, u, b: x @ u + b, (a, v, v)),
        "transpose + sin": (lambda x: jnp.sin(x.T), (a,)),
    }


sizes = [8, 512]
print(f"{'':18} " + "".join(f"{f'{n}x{n}':28}" for n in sizes).rstrip())
texts = {}
for name in functions(8):
    row = []
    for n in sizes:
        f, args = functions(n)[name]
        text = texts[name, n] = jax.jit(f).lower(*args).compile().as_text()
        kinds = collections.Counter(re.findall(r"kind=(k\w+)", text))
        row.append(str(dict(sorted(kinds.items()))))
    print(f"{name:18} " + "".join(f"{cell:28}" for cell in row).rstrip())

# The matrix-vector product at 512x512, as the optimized module computes it:
entry = texts["matvec + add", 512].split("ENTRY")[1]
for line in entry.splitlines():
    if " bitcast(" in line or " dot(" in line:
        print(line.split(", metadata=")[0].strip())
