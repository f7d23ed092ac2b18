import jax
import jax.numpy as jnp
import numpy as np

h = jnp.ones(4, jnp.bfloat16)

print(jax.make_jaxpr(lambda h: h * 0.5)(h))  # Python float: weak, h stays bf16
print(jax.make_jaxpr(lambda h: h * np.float32(0.5))(h))  # NumPy scalar: strong f32
