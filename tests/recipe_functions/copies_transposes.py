# A second function for recipes/copies_transposes.py: tiny (6 elements), bf16, rank 2, two transposes.
def f(x):
    return x.T + 1, jnp.swapaxes(x * 2, 0, 1)


args = (jnp.ones((2, 3), jnp.bfloat16),)
