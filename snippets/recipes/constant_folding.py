import re

import jax
import jax.numpy as jnp
import numpy as np

# --8<-- [start:your-function]
weights = np.linspace(0, 1, 64 * 64, dtype=np.float32).reshape(64, 64)


def closed(x):  # closes over the NumPy array `weights`
    return jnp.tanh(x @ weights)


def as_argument(x, w):  # the same computation, with the array passed in
    return jnp.tanh(x @ w)


args = (jnp.ones((8, 64)),)
extra = (weights,)  # what as_argument takes in addition to args
# --8<-- [end:your-function]

# Everything below works for any such pair.
for label, fn, fn_args in [("closed over", closed, args), ("as an argument", as_argument, args + extra)]:
    jaxpr = jax.make_jaxpr(fn)(*fn_args)
    lowered = jax.jit(fn).lower(*fn_args)
    optimized = lowered.compile().as_text()
    # Sizes leave out the source tables (FileNames ... StackFrames): they hold this file's
    # absolute path, whose length differs from machine to machine.
    tables = re.search(r"\nFileNames\n.*?\n\n\n", optimized, re.DOTALL)
    instructions = optimized.replace(tables.group(), "\n") if tables else optimized
    constants = re.findall(r"= (\w+\[[\d,]+\])\S* constant\((.{5})", optimized)  # arrays, not scalars
    print(f"== {label}")
    print(f"  jaxpr constants (before the ';'): {[str(v.aval.str_short()) for v in jaxpr.jaxpr.constvars]}")
    print(f"  jaxpr inputs: {[str(v.aval.str_short()) for v in jaxpr.jaxpr.invars]}")
    print(f"  StableHLO text: {len(lowered.as_text()):,} characters; HLO before XLA's passes: "
          f"{len(lowered.as_text(dialect='hlo')):,}; optimized HLO: {len(instructions):,}")
    print(f"  array constants in the optimized HLO: {[c for c, _ in constants]},"
          f" {sum(v == '{...}' for _, v in constants)} of them printed as {{...}}")
    print(f"  bytes of all arrays in the jaxpr's constants: {sum(np.asarray(c).nbytes for c in jaxpr.consts):,}")
