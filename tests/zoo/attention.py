"""One attention head: softmax(q @ k.T / sqrt(d)) @ v on f32[128,64]."""
# tags: attention, matmul, softmax, f32, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(q, k, v):
    scores = q @ k.T / jnp.sqrt(q.shape[-1]).astype(q.dtype)
    return jax.nn.softmax(scores, axis=-1) @ v


args = (jnp.ones((128, 64)), jnp.ones((128, 64)), jnp.ones((128, 64)))
jitted = jax.jit(fn)
