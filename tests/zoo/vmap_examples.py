"""jax.vmap of a per-example function over a batch of 8 examples, the weights shared."""
# tags: vmap, matmul, f32, array-output, transformed
import jax
import jax.numpy as jnp


def per_example(x, w):
    return jnp.tanh(w @ x).sum()


fn = jax.vmap(per_example, in_axes=(0, None))
args = (jnp.ones((8, 32)), jnp.ones((16, 32)) / 32)
jitted = jax.jit(fn)
