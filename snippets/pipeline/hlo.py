import jax
import jax.numpy as jnp

from model import layer

w, b, x = jnp.ones((3, 2)), jnp.zeros(2), jnp.arange(3.0)
lowered = jax.jit(layer).lower(w, b, x)
print(lowered.as_text(dialect="hlo"))  # the same program as XLA's HLO, before any pass ran
