import jax
import jax.numpy as jnp
from jax import lax


def body(i, v):
    return v * 0.5 + i


def halvings_static(v):
    return lax.fori_loop(0, 3, body, v)  # bounds are Python ints


def halvings_dynamic(n, v):
    return lax.fori_loop(0, n, body, v)  # upper bound is a traced value


v = jnp.ones(4)
print(jax.make_jaxpr(halvings_static)(v))
print(jax.make_jaxpr(halvings_dynamic)(3, v))
