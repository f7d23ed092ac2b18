import re

import jax
import jax.extend
import jax.numpy as jnp


# --8<-- [start:your-function]
def f(x, w):
    h = jnp.tanh(x @ w)
    return (h * h).sum()


args = (jnp.ones((4, 3)), jnp.ones((3, 2)))
# --8<-- [end:your-function]

# Everything below works for any function with a scalar output.
# Every argument whose leaves are all floating point or complex: grad refuses integer ones.
argnums = tuple(i for i, a in enumerate(args)
                if all(jnp.issubdtype(jnp.result_type(leaf), jnp.inexact) for leaf in jax.tree.leaves(a)))
grad_jaxpr = jax.make_jaxpr(jax.grad(f, argnums=argnums))(*args)
# The forward pass alone: jax.vjp's output and the residuals it keeps for the backward pass.
forward = jax.make_jaxpr(lambda *a: jax.tree.leaves(jax.vjp(f, *a)))(*args).jaxpr
n = len(forward.eqns)
eqns = grad_jaxpr.jaxpr.eqns
assert [e.primitive for e in eqns[:n]] == [e.primitive for e in forward.eqns], "forward is not a prefix"

# The printed jaxpr, one equation per entry, to name the variables as it does.
text = grad_jaxpr.pretty_print(use_color=False)
header, body = text.split(". let\n", 1)
body = body.rsplit("\n  in ", 1)[0]
printed = re.split(r"\n(?=    \w+:)", body)
names = dict(zip(grad_jaxpr.jaxpr.invars, re.findall(r"(\w+):", header.split(";")[-1])))
for eqn, lines in zip(eqns, printed):
    names.update(zip(eqn.outvars, re.findall(r"(\w+):", lines.split(" = ")[0])))

made_forward = set(grad_jaxpr.jaxpr.invars) | {v for e in eqns[:n] for v in e.outvars}
residuals = list(dict.fromkeys(v for e in eqns[n:] for v in e.invars if isinstance(v, jax.extend.core.Var) and v in made_forward))
print(header.strip() + ". let")
for i, lines in enumerate(printed):
    print(("fwd " if i < n else "bwd ") + " ".join(lines.split()))
print("  in", text.rsplit("\n  in ", 1)[1].rstrip("}").strip())
print(f"forward: {n} equations; backward: {len(eqns) - n}")
print("residuals (made or read by the forward pass, read by the backward):",
      ", ".join(f"{names[v]}:{v.aval.str_short()}" for v in residuals))
print("first backward equation:", " ".join(printed[n].split()) if len(eqns) > n else None)
print("backward primitives:", sorted({e.primitive.name for e in eqns[n:]}))
