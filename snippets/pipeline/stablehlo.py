import jax
import jax.numpy as jnp

from model import layer

w, b, x = jnp.ones((3, 2)), jnp.zeros(2), jnp.arange(3.0)
lowered = jax.jit(layer).lower(w, b, x)
print(lowered.as_text())  # StableHLO, the MLIR dialect JAX hands to XLA
