"""An integer array argument: indices that gather rows of a table, then a weighted sum."""
# tags: int-arg, gather, f32, array-output
import jax
import jax.numpy as jnp


def fn(table, idx, w):
    return (table[idx] * w).sum(axis=-1)


args = (jnp.linspace(0, 1, 64 * 16).reshape(64, 16), jnp.array([3, 1, 4, 1, 5, 9], jnp.int32), jnp.ones(16))
jitted = jax.jit(fn)
