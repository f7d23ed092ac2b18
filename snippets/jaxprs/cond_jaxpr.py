import jax
import jax.numpy as jnp
from jax import lax


def leaky_or_relu(leaky, v):
    # Both branches take the same operands and return the same types.
    return lax.cond(leaky,
                    lambda u: jnp.maximum(u, 0.125 * u),  # taken when leaky is True
                    lambda u: jnp.maximum(u, 0.0),  # taken when leaky is False
                    v)


print(jax.make_jaxpr(leaky_or_relu)(True, jnp.ones(4)))
