# A second pair for recipes/diff_versions.py: bf16, 64x64 (4096 elements), a column sum
# before, and the same sum accumulated and returned in f32 after.
def total_before(x):
    return jnp.sum(x, axis=0)


def total_after(x):
    return jnp.sum(x.astype(jnp.float32), axis=0)


versions = (jax.jit(total_before), jax.jit(total_after))
args = (jnp.ones((64, 64), jnp.bfloat16),)
