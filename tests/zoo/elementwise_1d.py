"""A chain of elementwise operations on a rank-1 array: no matrix product, one fusion."""
# tags: elementwise, f32, rank1, array-output, 1-arg
import jax
import jax.numpy as jnp


def fn(x):
    return jnp.exp(-x * x) * jnp.cos(3.0 * x) + 0.1


args = (jnp.linspace(-2, 2, 1000),)
jitted = jax.jit(fn)
