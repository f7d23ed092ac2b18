"""The gradient of a fori_loop whose trip count `steps` is a Python int: a forward and a backward loop."""
# tags: grad, loop, fori, steps-arg, static-trip-count, f32, array-output, transformed
import jax
import jax.numpy as jnp
from jax import lax


def _loss(x, steps):
    return lax.fori_loop(0, steps, lambda i, x: jnp.sin(x) * 0.5, x).sum()


fn = jax.grad(_loss)
args = (jnp.ones(16), 8)
jitted = jax.jit(fn, static_argnums=1)
