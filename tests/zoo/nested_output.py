"""A nested output: a dict holding an array and a tuple of two statistics."""
# tags: nested-output, tuple-output, reduce, f32, 1-arg
import jax
import jax.numpy as jnp


def fn(x):
    y = x * 2.0 + 1.0
    return {"y": y, "stats": (y.mean(), y.max(axis=0))}


args = (jnp.linspace(0, 1, 48 * 32).reshape(48, 32),)
jitted = jax.jit(fn)
