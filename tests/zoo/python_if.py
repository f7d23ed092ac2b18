"""A Python `if` on two traced arguments: jit raises a concretization error naming both."""
# tags: concretization, f32, array-output
import jax
import jax.numpy as jnp


def fn(x, threshold):
    if x.sum() > threshold:
        return x * 2.0
    return x


args = (jnp.arange(4.0), 1.0)
jitted = jax.jit(fn)
