# A second function for recipes/concretization_error.py: int16, tiny, an if on an array's
# value (static_argnums cannot help: an array is not hashable), and a chained comparison.
def f(x):
    if 0 < x.max() < 10:
        return x * 2
    return x - 1


args = (jnp.arange(4, dtype=jnp.int16),)
attempts = [
    ("jax.jit(f)", jax.jit(f)),
    ("lax.cond", jax.jit(lambda x: lax.cond((x.max() > 0) & (x.max() < 10), lambda: x * 2, lambda: x - 1))),
    ("jnp.where", jax.jit(lambda x: jnp.where((x.max() > 0) & (x.max() < 10), x * 2, x - 1))),
]
