import jax
import jax.numpy as jnp

from model import layer

w, b, x = jnp.ones((3, 2)), jnp.zeros(2), jnp.arange(3.0)
compiled = jax.jit(layer).lower(w, b, x).compile()
print(compiled.as_text())  # HLO after XLA's CPU pipeline: fused, scheduled, with layouts
