import jax
import jax.numpy as jnp
from jax import lax

STEPS = 50


def decay_unrolled(v):
    for _ in range(STEPS):
        v = v * 0.9
    return v


def decay_loop(v):
    return lax.fori_loop(0, STEPS, lambda i, v: v * 0.9, v)


v = jnp.ones(4)
for f in (decay_unrolled, decay_loop):
    eqns = jax.make_jaxpr(f)(v).jaxpr.eqns
    names = sorted({e.primitive.name for e in eqns})
    print(f"{f.__name__:15} {len(eqns):3} top-level equation(s), primitives: {names}")
print(jnp.allclose(decay_unrolled(v), decay_loop(v)))
