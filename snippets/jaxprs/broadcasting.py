import jax
import jax.numpy as jnp
from jax import lax

h, b = jnp.ones((8, 32)), jnp.ones(32)

# jnp follows NumPy: a [32] bias is added to every row of an [8,32] array.
print(jax.make_jaxpr(jnp.add)(h, b))

# The add primitive itself stretches size-1 axes, but only between equal ranks,
# or with a rank-0 operand, which goes with any rank.
print(lax.add(h, b.reshape(1, 32)).shape)
try:
    lax.add(h, b)
except TypeError as e:
    print("TypeError:", e)
print(jax.make_jaxpr(lax.add)(h, jnp.float32(2.0)))
