# A second function for recipes/named_scope.py: bf16, three elements, a scope inside a scan's
# body (its inner jaxpr prints [step], the HLO path reads loop/while/body/.../step), and an
# inner jit (cumsum) outside any scope. On the CPU the small loop runs inside one `call`
# instruction, so the trace has no event of the body's own: the join must look inside.
def smooth(x):
    def body(carry, _):
        with jax.named_scope("step"):
            return carry * 0.5 + jnp.sin(carry), None

    with jax.named_scope("loop"):
        y, _ = jax.lax.scan(body, x, length=3)
    return jnp.cumsum(y)


args = (jnp.ones(3, jnp.bfloat16),)
function = smooth
