# A second function for recipes/remat.py: an elementwise block (no matmul), one argument,
# bf16, and tiny (5 elements).
def block(x):
    return jnp.sin(jnp.sin(x))


def make_loss(block):
    def loss(x):
        return jnp.sum(block(x) * x)
    return loss


args = (jnp.arange(5.0, dtype=jnp.bfloat16),)
