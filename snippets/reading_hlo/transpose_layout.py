import jax
import jax.numpy as jnp


def scaled_transpose(x):
    return x.T * 2


lowered = jax.jit(scaled_transpose).lower(jnp.ones((8, 16)))
print(lowered.as_text(dialect="hlo"))
print("# ---- after compile() ----")
print(lowered.compile().as_text())
