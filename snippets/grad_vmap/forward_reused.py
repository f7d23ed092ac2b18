import jax
import jax.numpy as jnp

# The derivative of exp is exp itself: the backward pass reads the forward result.
print(jax.make_jaxpr(jax.grad(jnp.exp))(1.0))
# Summed, the value of the sum is not needed; the exp before it is.
print(jax.make_jaxpr(jax.grad(lambda x: jnp.sum(jnp.exp(x))))(jnp.ones(3)))
