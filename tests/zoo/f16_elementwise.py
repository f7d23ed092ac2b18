"""Elementwise work and a reduction in float16: exp, a scale, a sum over rows."""
# tags: f16, reduce, array-output, 1-arg
import jax
import jax.numpy as jnp


def fn(x):
    return (jnp.exp(x) * 0.5).sum(axis=0)


args = (jnp.linspace(-1, 1, 64 * 96, dtype=jnp.float16).reshape(64, 96),)
jitted = jax.jit(fn)
