"""Rows added into an array at integer indices, some repeated: x.at[idx].add(v), x first."""
# tags: update, scatter, int-arg, f32, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(x, idx, v):
    return x.at[idx].add(v)


args = (jnp.zeros((64, 16)), jnp.array([1, 3, 3, 60], jnp.int32), jnp.ones((4, 16)))
jitted = jax.jit(fn)
