# A second function for recipes/einsum_vs_matmul.py: many 3-vectors times small matrices, in
# bfloat16, with "..." in the einsum; the matrix shared, or one per vector (batch dimensions);
# and a product whose contraction spans two dimensions.
v = jnp.ones((4096, 3), jnp.bfloat16)
m = jnp.ones((3, 3), jnp.bfloat16)
ms = jnp.ones((4096, 3, 3), jnp.bfloat16)
p, q = jnp.ones((8, 6, 5, 7), jnp.bfloat16), jnp.ones((6, 5, 9), jnp.bfloat16)

forms = [
    ("shared matrix: einsum", lambda v, m: jnp.einsum("...i,...ij->...j", v, m), (v, m)),
    ("shared matrix: v @ m", lambda v, m: v @ m, (v, m)),
    ("one matrix each: einsum", lambda v, ms: jnp.einsum("...i,...ij->...j", v, ms), (v, ms)),
    ("one matrix each: matmul of v[:, None, :]", lambda v, ms: (v[:, None, :] @ ms)[:, 0, :], (v, ms)),
    ("two contracted dims: tensordot", lambda p, q: jnp.tensordot(p, q, axes=((1, 2), (0, 1))), (p, q)),
    ("two contracted dims: dot_general(q, p)", lambda p, q: jnp.transpose(lax.dot_general(q, p, (((0, 1), (1, 2)), ((), ()))), (1, 2, 0)),
     (p, q)),
]
