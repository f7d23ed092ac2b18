import jax
import jax.numpy as jnp
from jax.extend import core as jex_core


def primitives(jaxpr, found):
    """Names of all primitives, descending into the jaxprs that equations carry as params."""
    for eqn in jaxpr.eqns:
        found.add(eqn.primitive.name)
        for value in eqn.params.values():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, jex_core.ClosedJaxpr):
                    primitives(item.jaxpr, found)
                elif isinstance(item, jex_core.Jaxpr):
                    primitives(item, found)
    return found


v, m3, m4 = jnp.ones(4), jnp.eye(3), jnp.eye(4)
for name, f, arg in [
    ("jax.nn.relu", jax.nn.relu, v),
    ("jax.nn.relu6", jax.nn.relu6, v),
    ("jax.nn.gelu", jax.nn.gelu, v),
    ("jax.nn.softmax", jax.nn.softmax, v),
    ("jax.nn.logsumexp", jax.nn.logsumexp, v),
    ("jax.scipy.special.logsumexp", jax.scipy.special.logsumexp, v),
    ("jnp.linalg.det, 3x3", jnp.linalg.det, m3),
    ("jnp.linalg.det, 4x4", jnp.linalg.det, m4),
    ("jnp.linalg.slogdet", jnp.linalg.slogdet, m4),
    ("jnp.linalg.pinv", jnp.linalg.pinv, m4),
    ("jnp.logaddexp(v, v)", lambda v: jnp.logaddexp(v, v), v),
    ("jax.scipy.special.xlogy", lambda v: jax.scipy.special.xlogy(v, v), v),
]:
    found = primitives(jax.make_jaxpr(f)(arg).jaxpr, set())
    kinds = sorted(p for p in found if p in ("custom_jvp_call", "custom_vjp_call", "stop_gradient"))
    print(f"{name:28} {kinds}")
