import jax
import jax.numpy as jnp

from cumsum import cumsum

xs = jnp.arange(5.0)
print(jax.jit(cumsum).lower(xs).compile().as_text())
