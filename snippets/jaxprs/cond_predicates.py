import jax
import jax.numpy as jnp
import numpy as np
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

# The same constant as a NumPy bool, and as a jax.Array, which becomes a constvar.
for name, pred in [("np.bool_(True)", np.bool_(True)), ("jnp.array(True)", jnp.array(True))]:
    jaxpr = jax.make_jaxpr(lambda v: leaky_or_relu(pred, v))(jnp.ones(4))
    cond = next(eqn for eqn in jaxpr.eqns if eqn.primitive.name == "cond")
    index = cond.invars[0]
    index = f"literal {index.val}" if type(index).__name__ == "Literal" else "a variable"
    print(f"{name:16} constvars: {len(jaxpr.constvars)}  equations: "
          f"{[eqn.primitive.name for eqn in jaxpr.eqns]}  cond index: {index}")
