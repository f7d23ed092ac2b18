import math

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
spec = "ij,jk,kl->il"
operands = (jnp.ones((256, 4)), jnp.ones((4, 256)), jnp.ones((256, 4)))
# --8<-- [end:your-function]

# Everything below works for any einsum.
def dot_generals(jaxpr):
    """Every dot_general equation, in the order the jaxpr runs them (inner jaxprs too)."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "dot_general":
            yield eqn
        for param in eqn.params.values():
            inner = getattr(param, "jaxpr", param)  # a ClosedJaxpr holds a Jaxpr
            if hasattr(inner, "eqns"):
                yield from dot_generals(inner)


for optimize in ("auto", "greedy", "optimal", False):  # "auto" is the default
    jaxpr = jax.make_jaxpr(lambda *ops: jnp.einsum(spec, *ops, optimize=optimize))(*operands)
    print(f"optimize={optimize!r}:")
    total = 0
    for eqn in dot_generals(jaxpr.jaxpr):
        lhs, rhs = (v.aval.shape for v in eqn.invars)
        (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
        out = eqn.outvars[0].aval.shape
        flops = 2 * math.prod(out) * math.prod(lhs[d] for d in lc)  # a multiply and an add each
        total += flops
        dims = f"contracting {tuple(lc)} x {tuple(rc)}, batch {tuple(lb)} x {tuple(rb)}"
        print(f"  {str(lhs):11} x {str(rhs):11} {dims:42} -> {str(out):12} {flops:>10,} flops")
    print(f"  total {total:,} flops")

path, _ = jnp.einsum_path(spec, *operands, optimize="auto")
# Each step contracts two positions of the list of operands left, and appends the result.
print("jnp.einsum_path(optimize='auto'):", path)
