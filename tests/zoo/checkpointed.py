"""jax.checkpoint around a block inside a loss, and the gradient of that loss."""
# tags: checkpoint, grad, matmul, f32, array-output, transformed
import jax
import jax.numpy as jnp


@jax.checkpoint
def block(w, x):
    return jnp.sin(jnp.tanh(x @ w))


def loss(w, x):
    return jnp.sum(block(w, block(w, x)) ** 2)


fn = jax.grad(loss)
args = (jnp.ones((64, 64)) / 64, jnp.ones((16, 64)))
jitted = jax.jit(fn)
