"""A two-layer MLP, large, with GELU: f32[128,512] -> f32[128,512] through 2048 hidden units."""
# tags: mlp, matmul, f32, large, array-output
import jax
import jax.numpy as jnp


def fn(x, w1, w2):
    return jax.nn.gelu(x @ w1) @ w2


args = (jnp.ones((128, 512)), jnp.ones((512, 2048)) / 512, jnp.ones((2048, 512)) / 2048)
jitted = jax.jit(fn)
