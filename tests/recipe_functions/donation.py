# A second function for recipes/donation.py: tiny int16 arrays, two outputs of which the
# first reuses the donated argument, and no unusable donation.
def count_and_total(counts, x):
    return counts + 1, jnp.sum(x)


args = (jnp.zeros(3, jnp.int16), jnp.ones(5, jnp.int16))
jitted = jax.jit(count_and_total, donate_argnums=0)
