# A second function for recipes/cache_hit.py: tiny (6 elements), bf16 in and int16 out, and lax.
def f(x):
    return lax.round(x * 3).astype(jnp.int16)


args = (jnp.ones((2, 3), jnp.bfloat16),)
