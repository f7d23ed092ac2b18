"""A dense layer, small: x @ w + b on f32[8,16]."""
# tags: dense, matmul, f32, small, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(x, w, b):
    return x @ w + b


args = (jnp.ones((8, 16)), jnp.ones((16, 32)) / 16, jnp.zeros(32))
jitted = jax.jit(fn)
