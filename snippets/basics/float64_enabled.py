import os

# Must be set before JAX is imported (or use jax.config.update("jax_enable_x64", True)
# at the very start of the program).
os.environ["JAX_ENABLE_X64"] = "True"

import jax.numpy as jnp  # noqa: E402

print("default float:", jnp.array(1.5).dtype)
print("1 + 1e-8 == 1 ?", bool(jnp.array(1.0) + 1e-8 == 1.0))
