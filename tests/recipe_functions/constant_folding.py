# A second pair for recipes/constant_folding.py: int16, a tiny table (6 elements), rank 2.
table = np.arange(6, dtype=np.int16).reshape(2, 3)


def closed(x):
    return x * table + 1


def as_argument(x, t):
    return x * t + 1


args = (jnp.ones((2, 3), jnp.int16),)
extra = (table,)
