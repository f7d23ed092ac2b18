import jax
import jax.numpy as jnp


def scores(q, k):
    """Attention-style scores for each batch element, and their overall maximum."""
    s = jnp.einsum("bqd,bkd->bqk", q, k)
    return s, s.max()


q = jnp.ones((2, 3, 8))  # batch 2, 3 queries, depth 8
k = jnp.ones((2, 5, 8))  # batch 2, 5 keys, depth 8
# debug_info=True: each instruction names the line of Python that produced it
print(jax.jit(scores).lower(q, k).as_text(dialect="hlo", debug_info=True))
