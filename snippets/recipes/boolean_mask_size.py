import re
from collections import Counter

import jax
import jax.numpy as jnp
import numpy as np


# --8<-- [start:your-function]
def f(x):
    return x[x > 0]  # a boolean mask: how many elements it keeps depends on x's values


K = 4  # the most elements you expect to keep: a Python int, known while tracing
attempts = [  # (label, a function of x): as written, then the fixed-size forms
    ("x[x > 0]", f),
    ("jnp.nonzero(x > 0)", lambda x: jnp.nonzero(x > 0)),
    ("jnp.nonzero(x > 0, size=K, fill_value=-1)", lambda x: jnp.nonzero(x > 0, size=K, fill_value=-1)),
    ("jnp.where(x > 0, x, 0.0)", lambda x: jnp.where(x > 0, x, 0.0)),
]
inputs = [  # the same shape, different numbers of kept elements: fewer than K, more than K
    jnp.array([0.0, 3.0, 0.0, 1.5, -2.0, 0.0]),
    jnp.array([1.0, 2.0, 3.0, 4.0, 5.0, -1.0]),
]
# --8<-- [end:your-function]

# Everything below works for any function of one array and any inputs of one shape.
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py
from jax.sharding import SingleDeviceSharding


def short(array):
    """A value on one line."""
    return np.array2string(np.asarray(array, dtype=np.float32 if array.dtype == jnp.bfloat16 else None),
                           separator=" ").replace("\n", "")


def stablehlo_ops(text):
    """How many times each StableHLO operation occurs in the module, inner functions included;
    an operation of another dialect (a GPU's chlo.scan) keeps its dialect's name."""
    ops = Counter(name.removeprefix("stablehlo.")
                  for name in re.findall(r"(?:= |^ *)\"?((?:stablehlo|chlo)\.\w+)", text, re.MULTILINE))
    ops.pop("return", None)  # the end of each function and region
    return ops


def trace(jitted, x):
    """jitted.trace(x), for the target's device: the lowering of the trace is that platform's."""
    if target.name() == "cpu":
        return jitted.trace(x)
    return jitted.trace(jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=SingleDeviceSharding(target.devices(1)[0])))


BOOKKEEPING = {"parameter", "constant", "bitcast", "tuple", "get-tuple-element", "copy", "copy-start", "copy-done"}


for label, function in attempts:
    print(f"== {label}")
    jitted = jax.jit(function)
    try:
        traced = trace(jitted, inputs[0])  # the shapes alone: tracing never sees the values
    except (IndexError, TypeError, ValueError) as error:
        lines = str(error).splitlines()
        print(f"  error: {type(error).__name__}: {lines[0]}")
        for line in lines[1:]:  # the lines that say which value had to be known, if any
            if "size argument" in line:
                print(f"         {line}")
            elif "depends on the value of" in line:
                print(f"         ... {line[line.index('depends on the value of'):]}")
        continue
    shapes = " ".join(leaf.str_short() for leaf in jax.tree.leaves(traced.jaxpr.out_avals))
    print(f"  out:   {shapes}")
    print("  " + str(traced.jaxpr).replace("\n", "\n  "))
    lowered = traced.lower()
    text = lowered.as_text()
    head = next(line for line in text.splitlines() if "func.func public @main" in line)
    params, results = (re.findall(r"tensor<[^>]*>", part) for part in head.split(" -> ", 1))
    print(f"  stablehlo @main: ({', '.join(params)}) -> ({', '.join(results)})")
    print("  stablehlo ops: ", ", ".join(f"{name} {n}" for name, n in sorted(stablehlo_ops(text).items())))
    if target.name() != "cpu":  # a compile-only device runs nothing: what its compile made instead
        ops = Counter(re.findall(r"^\s*(?:ROOT )?%\S+ = .*? ([a-z][\w-]*)\(", lowered.compile().as_text(), re.MULTILINE))
        print(f"  optimized HLO for {target.name()}:", ", ".join(f"{op} {n}" for op, n in sorted(ops.items())
                                                            if op not in BOOKKEEPING))
    for number, x in enumerate(inputs):
        results = ("; ".join(short(leaf) for leaf in jax.tree.leaves(jitted(x))) if target.name() == "cpu"
                   else f"not run (compiled for {target.name()}, which is not here)")
        print(f"  inputs[{number}] {short(x)} -> {results}")
