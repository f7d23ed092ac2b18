import jax
import jax.numpy as jnp

spd = jnp.array([[4.0, 2.0], [2.0, 3.0]])  # symmetric positive definite
compiled = jax.jit(jnp.linalg.cholesky).lower(spd).compile()
text = compiled.as_text()
print(text[text.index("ENTRY") :])  # excerpt: the ENTRY computation
