import re

import jax
import jax.numpy as jnp

import target


def sin_or_cos(use_sin, x):  # the function of the first section
    return jax.lax.cond(use_sin, jnp.sin, jnp.cos, x)


def summary(label, fn, *args):
    """How many conditionals each stage holds, and the op_names of the optimized instructions."""
    lowered = jax.jit(fn).lower(*args)
    cases = lowered.as_text().count("stablehlo.case")
    before = lowered.as_text(dialect="hlo").count(" conditional(")
    hlo = target.compile(fn, *args).as_text()
    names = sorted(set(re.findall(r'op_name="jit\([^)]*\)/([^"]+)"', hlo)))
    print(f"{label}: StableHLO case {cases}, conditional before {before}, after {hlo.count(' conditional(')};"
          f" op_names {names}")


x = jnp.ones(4)
summary("predicate an argument", sin_or_cos, True, x)
summary("predicate the constant True", lambda x: sin_or_cos(True, x), x)
summary("switch, index the constant 1", lambda x: jax.lax.switch(1, [jnp.sin, jnp.cos], x), x)

# lax.switch with a single branch: no clamp, no cond; the index is not read.
print(jax.make_jaxpr(lambda i, x: jax.lax.switch(i, [jnp.sin], x))(1, x))
