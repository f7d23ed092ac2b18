# A second function for recipes/vmap_jaxpr.py: int16, an einsum, the batch in the second
# argument's last axis, a batch of 3.
def f(x, y):
    return jnp.einsum("ij,jk->ik", x, y) * jnp.int16(2)


args = (jnp.ones((2, 3), jnp.int16), jnp.ones((3, 4), jnp.int16))
in_axes = (None, 1)
batch = 3
