# A second function for recipes/named_scope.py: bf16, three elements, a scope inside a
# loop body and one equation outside any scope.
def smooth(x):
    def body(carry, _):
        with jax.named_scope("step"):
            return carry * 0.5 + jnp.sin(carry), None

    with jax.named_scope("loop"):
        y, _ = jax.lax.scan(body, x, length=3)
    return jnp.cumsum(y)


args = (jnp.ones(3, jnp.bfloat16),)
function = smooth
