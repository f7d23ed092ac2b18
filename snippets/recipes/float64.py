import re
import warnings

import numpy as np

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def mean_square(x):
    x = x.astype(jnp.float64)  # asks for float64
    return jnp.mean(x**2) - jnp.float64(1e-9)


def make_args():  # made by a function, so that they can be made again after the switch
    return (jnp.asarray(np.linspace(0.0, 1.0, 5)),)  # from a float64 NumPy array


function = mean_square
# --8<-- [end:your-function]

# Everything below works for any function and arguments.
def show(label, args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        jaxpr = jax.make_jaxpr(function)(*args)
        out = jax.jit(function)(*args)
    print(label)
    # A Python scalar has no dtype: its type (float, int), traced as a weak-typed f32 or i32 (f64, i64 with x64).
    print("  arguments:", [leaf.dtype.name if hasattr(leaf, "dtype") else type(leaf).__name__
                           for leaf in jax.tree.leaves(args)])
    print("  result:   ", [leaf.dtype.name for leaf in jax.tree.leaves(out)])
    print("  types in the jaxpr:", sorted(set(re.findall(r":([a-z]+\d+)\[", str(jaxpr)))))
    for warning in caught:
        print(f"  {warning.category.__name__}: {warning.message}")


before = make_args()
show("jax_enable_x64 off (the default):", before)
jax.config.update("jax_enable_x64", True)  # best at the very start, before any array is made
show("jax_enable_x64 on, arguments made before the switch:", before)
show("jax_enable_x64 on, arguments made after it:", make_args())
