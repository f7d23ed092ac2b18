"""A fori_loop whose trip count n is a traced integer argument: a while loop, n known at run time."""
# tags: loop, fori, while, traced-trip-count, int-arg, f32, array-output
import jax
import jax.numpy as jnp
from jax import lax


def fn(x, n):
    return lax.fori_loop(0, n, lambda i, c: c + 0.1 * jnp.sin(c), x)


args = (jnp.linspace(0, 1, 128), 5)
jitted = jax.jit(fn)
