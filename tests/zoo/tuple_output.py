"""Two results as a tuple: the activations and their per-column mean."""
# tags: tuple-output, matmul, f32
import jax
import jax.numpy as jnp


def fn(x, w):
    y = jnp.tanh(x @ w)
    return y, y.mean(axis=0)


args = (jnp.ones((16, 32)), jnp.ones((32, 64)) / 32)
jitted = jax.jit(fn)
