# A second function for recipes/precision.py: f32 operands with an explicit algorithm
# (bf16 products, f32 accumulation) instead of a precision, batched (rank 3), at a tiny
# size (12 elements each) and at 16384 elements each.
def batched(a, b):
    return jnp.einsum("bij,bjk->bik", a, b, precision=jax.lax.DotAlgorithmPreset.BF16_BF16_F32)


function = jax.jit(batched)
cases = {
    "small": (jnp.ones((2, 2, 3)), jnp.ones((2, 3, 2))),
    "large": (jnp.ones((4, 64, 64)), jnp.ones((4, 64, 64))),
}
