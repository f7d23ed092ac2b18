# A second function for recipes/read_hlo_line.py: int16, rank 3, a loop whose instruction
# has a tuple shape, and a pick that matches a `while` line.
def count_up(x):
    return jax.lax.fori_loop(0, 5, lambda i, v: v + v.sum(axis=0, dtype=v.dtype), x)


args = (jnp.ones((2, 3, 4), jnp.int16),)
function = count_up
pick = " while("
