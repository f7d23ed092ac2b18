import jax
import jax.numpy as jnp
from jax import lax


def leaky_or_relu(leaky, v):  # the function of the section above
    return lax.cond(leaky,
                    lambda u: jnp.maximum(u, 0.125 * u),
                    lambda u: jnp.maximum(u, 0.0),
                    v)


# An int32 predicate: any value but 0 picks the true branch.
print(jax.make_jaxpr(leaky_or_relu)(jnp.int32(3), jnp.ones(4)))

# A Python constant as the predicate: both branches are still traced.
print(jax.make_jaxpr(lambda v: leaky_or_relu(True, v))(jnp.ones(4)))
