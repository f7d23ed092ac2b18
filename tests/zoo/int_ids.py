"""Integer arithmetic on int32 ids: a key id * 100_000 + offset, which leaves int32 for large ids."""
# tags: int-only, int-arg, integer-output, array-output
import jax
import jax.numpy as jnp


def fn(ids, offset):
    return ids * 100_000 + offset


args = (jnp.array([1, 30_000, 50_000], jnp.int32), jnp.int32(7))
jitted = jax.jit(fn)
