import jax
import jax.numpy as jnp
from jax import lax


# --8<-- [start:your-function]
def f(x, n):
    if n > 0:  # a Python if on an argument
        return x * n
    return x


args = (jnp.arange(3.0), 2)
attempts = [  # (label, the jitted function): as written, then the three fixes
    ("jax.jit(f)", jax.jit(f)),
    ("static_argnums=1", jax.jit(f, static_argnums=1)),
    ("lax.cond", jax.jit(lambda x, n: lax.cond(n > 0, lambda: x * n, lambda: x))),
    ("jnp.where", jax.jit(lambda x, n: jnp.where(n > 0, x * n, x))),
]
# --8<-- [end:your-function]

# Everything below works for any function and fixes.
for label, jitted in attempts:
    print(f"== {label}")
    try:
        traced = jitted.trace(*args)  # what the first call would trace, without running it
    # TracerBoolConversionError is a ConcretizationTypeError; an array of several elements
    # in an `if` raises ValueError instead, as NumPy does.
    except (jax.errors.ConcretizationTypeError, ValueError) as error:
        message = str(error).split("\n")[0]
        print(f"{type(error).__name__}: {message[:160]}")
        reason = [line for line in str(error).splitlines() if "depends on the value" in line]
        print("  " + (reason[0].strip() if reason else "(no argument named)"))
        continue
    print(traced.jaxpr)
    print("result:", jitted(*args))
