"""jax.grad of a loss: the gradient with respect to the weights of a tanh layer."""
# tags: grad, matmul, f32, array-output, transformed
import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean(jnp.tanh(x @ w) ** 2)


fn = jax.grad(loss)
args = (jnp.ones((32, 16)) / 32, jnp.ones((8, 32)))
jitted = jax.jit(fn)
