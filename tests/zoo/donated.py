"""An SGD step with its parameters donated (donate_argnums=0): the result reuses their buffer."""
# tags: donated, f32, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(params, grads, lr):
    return params - lr * grads


args = (jnp.ones((128, 128)), jnp.ones((128, 128)), jnp.float32(0.1))
jitted = jax.jit(fn, donate_argnums=0)
