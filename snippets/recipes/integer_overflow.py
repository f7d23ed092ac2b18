import re
import warnings

import numpy as np

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def to_microseconds(seconds):
    return seconds * 1_000_000  # a Python int constant takes the argument's integer type


function = to_microseconds


def make_args():  # (label, arguments); a function, so that they are made again after the switch
    return [
        ("a jax array", (jnp.array([1, 2000, 3600]),)),
        ("an int64 NumPy array", (np.array([1, 2000, 3600, 5_000_000_000], np.int64),)),
        ("a Python int", (3_000_000_000,)),
    ]
# --8<-- [end:your-function]

# Everything below works for any function of integer arrays and any arguments.


def described(value):
    """A value as it was passed or returned: its type, dtype and numbers."""
    kind = "Python int" if isinstance(value, int) else "jax.Array" if isinstance(value, jax.Array) else \
        type(value).__module__.split(".")[0] + "." + type(value).__name__
    dtype = f" {value.dtype}" if hasattr(value, "dtype") else ""
    return f"{kind}{dtype} {np.array2string(np.asarray(value), separator=' ')}".replace("\n", "")


def entry_layout(hlo):
    """The HLO module's entry_computation_layout: the parameter and result types XLA compiles for."""
    start = hlo.index("entry_computation_layout={") + len("entry_computation_layout={")
    depth, end = 1, start
    while depth:
        depth += {"{": 1, "}": -1}.get(hlo[end], 0)
        end += 1
    return hlo[start:end - 1]


def show(args, full):
    """Trace, lower and run the function; print the types it was traced with and its results."""
    for number, arg in enumerate(jax.tree.leaves(args)):
        print(f"  argument {number}: {described(arg)}")
    jitted = jax.jit(function)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            traced = jitted.trace(*args)
            entered = jax.jit(lambda *args: args)(*args)  # the arguments as the function receives them
            results = jitted(*args)
        except OverflowError as error:  # a Python int too large for the integer type in use
            print(f"  OverflowError: {str(error).splitlines()[0]}")
            return
        finally:
            for warning in caught:
                print(f"  {warning.category.__name__}: {warning.message}")
    for number, arg in enumerate(jax.tree.leaves(entered)):
        print(f"  under jit {number}: {described(arg)}")
    hlo = traced.lower().as_text(dialect="hlo")
    if full:
        print("  " + str(traced.jaxpr).replace("\n", "\n  "))
        print("  " + hlo[hlo.index("ENTRY"):].strip().replace("\n", "\n  "))
    print("  jaxpr types:", " ".join(sorted(set(re.findall(r":([a-z]+\d+)\[", str(traced.jaxpr))))))
    print("  HLO layout: ", entry_layout(hlo))
    for number, leaf in enumerate(jax.tree.leaves(results)):
        print(f"  result {number}:   {described(leaf)}")


print("int32 range:", jnp.iinfo(jnp.int32).min, "to", jnp.iinfo(jnp.int32).max)
for mode in ("off (the default)", "on"):
    if mode == "on":
        jax.config.update("jax_enable_x64", True)  # best at the very start, before any array is made
    print(f"== jax_enable_x64 {mode}")
    for number, (label, args) in enumerate(make_args()):
        print(f"-- {label}")
        show(args, full=number == 0)
