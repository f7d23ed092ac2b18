# A second function for recipes/compile_time.py: tiny bf16 and int16 arrays, a jitted
# function called from inside another one, and one function called twice.
@jax.jit
def inner(v):
    return v * 2


def outer(v):
    return inner(v).sum()


def counts(v):
    return jnp.cumsum(v)


small = jnp.ones(3, jnp.bfloat16)
calls = [(outer, (small,)), (counts, (jnp.arange(5, dtype=jnp.int16),)), (outer, (small,))]
