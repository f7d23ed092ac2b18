import jax
import jax.numpy as jnp

from model import layer

w, b, x = jnp.ones((3, 2)), jnp.zeros(2), jnp.arange(3.0)
print(jax.make_jaxpr(layer)(w, b, x))
