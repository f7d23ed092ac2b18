# A second function for recipes/random_numbers.py: split keys, a vmap over four of them,
# a bf16 sampler of rank 3 and a boolean one, returned as a tuple.
def sample(key):
    key, coin_key = jax.random.split(key)
    keys = jax.random.split(key, 4)
    coins = jax.random.bernoulli(coin_key, 0.3, (5,))
    noise = jax.vmap(lambda k: jax.random.normal(k, (2, 8), jnp.bfloat16))(keys)
    return coins, noise
