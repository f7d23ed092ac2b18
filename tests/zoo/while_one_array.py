"""A lax.while_loop whose state is one array: halve x until its sum is below 1."""
# tags: loop, while, f32, array-output, 1-arg
import jax
import jax.numpy as jnp
from jax import lax


def fn(x):
    return lax.while_loop(lambda x: x.sum() >= 1.0, lambda x: x * 0.5, x)


args = (jnp.ones((64, 64)),)
jitted = jax.jit(fn)
