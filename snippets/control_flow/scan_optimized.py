import jax
import jax.numpy as jnp

import target

from cumsum import cumsum

xs = jnp.arange(5.0)
print(target.compile(cumsum, xs).as_text())
