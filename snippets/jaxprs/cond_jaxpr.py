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

# Under vmap, with one predicate per example, there is no single branch to pick.
batched = jax.make_jaxpr(jax.vmap(leaky_or_relu))(jnp.array([True, False]), jnp.ones((2, 4)))
print("vmapped, one predicate per example:", [eqn.primitive.name for eqn in batched.eqns])
