import jax
import jax.numpy as jnp


def sin_or_cos(use_sin, x):
    return jax.lax.cond(use_sin, jnp.sin, jnp.cos, x)


lowered = jax.jit(sin_or_cos).lower(True, jnp.ones(4))
print(lowered.as_text(dialect="hlo"))
