"""A Python float argument (a weak-typed scalar once traced) and a Python int one."""
# tags: python-scalar, f32, array-output
import jax
import jax.numpy as jnp


def fn(x, scale, shift):
    return jnp.tanh(x * scale) + shift


args = (jnp.ones((32, 32)), 0.5, 2)
jitted = jax.jit(fn)
