# A second function for recipes/timing.py: tiny (4 elements), int16, two results.
def f(x):
    return x + 1, x * x


args = (jnp.arange(4, dtype=jnp.int16),)
