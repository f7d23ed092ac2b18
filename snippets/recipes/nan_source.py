import os
import traceback

import jax
import jax.numpy as jnp
from jax.experimental import checkify


# --8<-- [start:your-function]
def loss(w, x):
    h = jnp.tanh(x @ w)
    spread = jnp.log(h - h.mean())  # log of a negative number: NaN
    return spread.sum()


args = (jnp.ones((4, 4)), jnp.arange(8.0).reshape(2, 4))
function = loss
# --8<-- [end:your-function]

# Everything below works for any function and arguments.
JAX_DIR = os.path.dirname(jax.__file__)


def your_line(tb):
    """The last frame of a traceback that is not JAX's own: the line of your code."""
    frames = [f for f in traceback.extract_tb(tb) if not f.filename.startswith(JAX_DIR)]
    return f"  at line {frames[-1].lineno}: {frames[-1].line}"


out = jax.jit(function)(*args)
nans = any(jnp.isnan(leaf).any() for leaf in jax.tree.leaves(out))
print(f"without checks: the output has a NaN: {bool(nans)}")

print("with jax_debug_nans:")
with jax.debug_nans(True):
    try:
        jax.jit(function)(*args)
        print("  no error")
    except FloatingPointError as error:
        print(f"  FloatingPointError: {error}")
        print(your_line(error.__traceback__))

print("with checkify and float_checks:")
err, _ = checkify.checkify(jax.jit(function), errors=checkify.float_checks)(*args)
print(f"  {err.get() or 'no error'}")
if err.get():
    try:
        err.throw()
    except checkify.JaxRuntimeError as error:
        print(your_line(error.__cause__.__traceback__))  # where the failing check was made
