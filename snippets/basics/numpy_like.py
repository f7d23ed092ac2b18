import numpy as np

import jax
import jax.numpy as jnp

np.set_printoptions(precision=3)  # JAX arrays print through NumPy, so this applies to both

# The same expression, once with NumPy and once with jax.numpy.
a = np.linspace(0.0, 1.0, 5)
b = jnp.linspace(0.0, 1.0, 5)
print("numpy:    ", np.sin(a) * 2, a.dtype)
print("jax.numpy:", jnp.sin(b) * 2, b.dtype)

# A JAX array is a jax.Array, and it lives on a device (here the CPU).
print(isinstance(b, jax.Array), b.devices())

# A NumPy array is accepted wherever a JAX array is; it is converted on the way in.
c = jnp.dot(a, b)
print(c, c.dtype)
