# A second function for recipes/reshape_bitcast.py: bf16, rank 3, two arguments. One reshape
# merges dimensions 1 and 0 of x, in an order they do not have in memory (after a transpose);
# the other flattens y in row-major order. Donated, x goes to the first result, y to the second.
def f(x, y):
    merged = jnp.transpose(x, (1, 0, 2)).reshape(4, 48)  # x: bf16[6,4,8]
    return merged, y.reshape(-1)  # y: bf16[2,3,5]


args = (jnp.ones((6, 4, 8), jnp.bfloat16), jnp.ones((2, 3, 5), jnp.bfloat16))
