import jax
import jax.numpy as jnp

from cumsum import cumsum

print(jax.make_jaxpr(cumsum)(jnp.arange(5.0)))
