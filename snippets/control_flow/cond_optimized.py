import jax
import jax.numpy as jnp

import target


def sin_or_cos(use_sin, x):
    return jax.lax.cond(use_sin, jnp.sin, jnp.cos, x)


lowered = jax.jit(sin_or_cos).lower(True, jnp.ones(4))
unoptimized = lowered.as_text(dialect="hlo")
print("# unoptimized, the conditional:")
print(next(line for line in unoptimized.splitlines() if " conditional(" in line).strip())
print("# ---- after compile() ----")
print(target.compile(sin_or_cos, True, jnp.ones(4)).as_text())
