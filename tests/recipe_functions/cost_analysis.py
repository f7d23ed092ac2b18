# A second function for recipes/cost_analysis.py: bf16, a batched product of rank 3
# (4 x 32 x 64 by 4 x 64 x 16: 8192 and 4096 elements), an exp and a max.
def attention(q, k):
    s = jnp.einsum("bqd,bdk->bqk", q, k)
    return jnp.exp(s - s.max(axis=-1, keepdims=True))


function = jax.jit(attention)
args = (jnp.ones((4, 32, 64), jnp.bfloat16), jnp.ones((4, 64, 16), jnp.bfloat16))
