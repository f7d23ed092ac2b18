"""A fori_loop with static bounds (0 to 10): a smoothing step repeated on f32[256]."""
# tags: loop, fori, static-trip-count, f32, array-output, 1-arg
import jax
import jax.numpy as jnp
from jax import lax


def fn(x):
    return lax.fori_loop(0, 10, lambda i, x: 0.5 * x + 0.25 * (jnp.roll(x, 1) + jnp.roll(x, -1)), x)


args = (jnp.linspace(0, 1, 256),)
jitted = jax.jit(fn)
