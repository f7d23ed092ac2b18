import jax
import jax.numpy as jnp
from jax.extend import core as jex_core

x = jnp.ones((8, 4))

# Each of these is a Python function; tracing records the primitives it applies.
for name, f in [
    ("jnp.maximum(x, 0.0)", lambda x: jnp.maximum(x, 0.0)),
    ("jnp.mean(x)", jnp.mean),
    ("jnp.linalg.norm(x)", jnp.linalg.norm),
    ("jnp.mean(x_bf16)", jnp.mean),  # the same function on another dtype
]:
    arg = x.astype(jnp.bfloat16) if "bf16" in name else x
    eqns = jax.make_jaxpr(f)(arg).jaxpr.eqns
    print(f"{name:20} -> {[eqn.primitive.name for eqn in eqns]}")

# The primitive itself is an object, held by every equation that applies it.
eqn = jax.make_jaxpr(lambda x: jnp.maximum(x, 0.0))(x).jaxpr.eqns[0]
print("the equation's primitive:", repr(eqn.primitive), "| a jax.extend.core.Primitive:",
      isinstance(eqn.primitive, jex_core.Primitive))
