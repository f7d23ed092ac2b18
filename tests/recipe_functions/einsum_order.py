# A second einsum for recipes/einsum_order.py: bf16, four operands, a batch dimension b,
# and a contraction that sums two indices at once.
spec = "bij,bjk,bkl,l->bi"
operands = (jnp.ones((2, 64, 3), jnp.bfloat16), jnp.ones((2, 3, 64), jnp.bfloat16),
            jnp.ones((2, 64, 5), jnp.bfloat16), jnp.ones(5, jnp.bfloat16))
