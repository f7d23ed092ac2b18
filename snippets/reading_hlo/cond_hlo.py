import jax
import jax.numpy as jnp


def sin_or_cos(use_sin, x):
    return jax.lax.cond(use_sin, jnp.sin, jnp.cos, x)


lowered = jax.jit(sin_or_cos).lower(True, jnp.ones(4))
print(lowered.as_text(dialect="hlo"))

# The predicate a Python constant, not an argument: the jaxpr keeps a cond with a
# literal index, the StableHLO a stablehlo.case, and the HLO only the branch taken.
constant = jax.jit(lambda x: jax.lax.cond(True, jnp.sin, jnp.cos, x)).lower(jnp.ones(4))
print("# ---- lax.cond(True, jnp.sin, jnp.cos, x): StableHLO has stablehlo.case:",
      "stablehlo.case" in constant.as_text(), "----")
print(constant.as_text(dialect="hlo"))

# The other constant: only the false branch, the cosine, is left.
other = jax.jit(lambda x: jax.lax.cond(False, jnp.sin, jnp.cos, x)).lower(jnp.ones(4))
opcodes = sorted({line.split("(")[0].split()[-1] for line in other.as_text(dialect="hlo").splitlines()
                  if " = " in line})
print("# ---- lax.cond(False, jnp.sin, jnp.cos, x): HLO opcodes:", opcodes)
