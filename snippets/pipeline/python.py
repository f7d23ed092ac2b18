import jax.numpy as jnp

from model import layer

w = jnp.ones((3, 2))
b = jnp.zeros(2)
x = jnp.arange(3.0)
print(layer(w, b, x))
