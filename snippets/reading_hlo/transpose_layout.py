import jax
import jax.numpy as jnp

import target


def scaled_transpose(x):
    return x.T * 2


lowered = jax.jit(scaled_transpose).lower(jnp.ones((8, 16)))
print(lowered.as_text(dialect="hlo"))
print("# ---- after compile() ----")
print(target.compile(scaled_transpose, jnp.ones((8, 16))).as_text())
