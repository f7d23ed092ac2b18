"""A linear layer with a square weight, no activation: x @ w keeps x's shape."""
# tags: linear, matmul, f32, array-output
import jax
import jax.numpy as jnp


def fn(x, w):
    return x @ w


args = (jnp.ones((32, 128)), jnp.eye(128) / 2)
jitted = jax.jit(fn)
