# A second function for recipes/fusions.py: int16, 4096 elements, a reduction and a loop,
# whose body is a computation of its own with fusions in it.
def steps(x):
    def body(i, x):
        return (x * 3 + i) % 1000

    x = jax.lax.fori_loop(0, 5, body, x)
    return x - x.max()


function = jax.jit(steps)
args = (jnp.arange(4096, dtype=jnp.int16),)
