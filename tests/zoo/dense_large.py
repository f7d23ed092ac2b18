"""A dense layer, large: tanh(x @ w + b) on f32[256,512] @ f32[512,1024]."""
# tags: dense, matmul, f32, large, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(x, w, b):
    return jnp.tanh(x @ w + b)


args = (jnp.ones((256, 512)), jnp.ones((512, 1024)) / 512, jnp.zeros(1024))
jitted = jax.jit(fn)
