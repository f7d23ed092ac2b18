# A second function for recipes/layouts.py: bf16, rank 3, 4096 elements, a 3-axis permutation.
def f(x):
    return jnp.transpose(x, (2, 0, 1)) + 1


args = (jnp.ones((8, 16, 32), jnp.bfloat16),)
