"""A two-layer MLP, small, with ReLU: f32[4,8] -> f32[4,2]."""
# tags: mlp, matmul, f32, small, array-output
import jax
import jax.numpy as jnp


def fn(x, w1, w2):
    return jax.nn.relu(x @ w1) @ w2


args = (jnp.ones((4, 8)), jnp.ones((8, 16)) / 8, jnp.ones((16, 2)) / 16)
jitted = jax.jit(fn)
