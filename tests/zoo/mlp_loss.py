"""An MLP's mean squared error: a scalar loss of weights and a batch."""
# tags: mlp, matmul, f32, scalar-output, loss
import jax
import jax.numpy as jnp


def fn(w1, w2, x, y):
    return jnp.mean((jnp.tanh(x @ w1) @ w2 - y) ** 2)


args = (jnp.ones((16, 32)) / 16, jnp.ones((32, 4)) / 32, jnp.ones((8, 16)), jnp.zeros((8, 4)))
jitted = jax.jit(fn)
