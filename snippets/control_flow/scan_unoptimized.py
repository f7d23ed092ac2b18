import jax
import jax.numpy as jnp

from cumsum import cumsum

xs = jnp.arange(5.0)  # f32[5]: five steps over scalars
print(jax.jit(cumsum).lower(xs).as_text(dialect="hlo"))
