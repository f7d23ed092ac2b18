"""Parameters as a dict of arrays: {"w": ..., "b": ...} and a batch x."""
# tags: pytree-args, dict, dense, matmul, f32, array-output
import jax
import jax.numpy as jnp


def fn(params, x):
    return jax.nn.relu(x @ params["w"] + params["b"])


args = ({"b": jnp.zeros(32), "w": jnp.ones((16, 32)) / 16}, jnp.ones((8, 16)))
jitted = jax.jit(fn)
