import jax
import jax.numpy as jnp

branches = [lambda x: x + 1, lambda x: x * 10, lambda x: -x]  # branch 0, 1, 2


def switch(i, x):
    return jax.lax.switch(i, branches, x)


print(jax.make_jaxpr(switch)(1, 2.0))

# The same three branches in a bare `cond` primitive, without the clamp lax.switch adds:
# a conditional that gets the index exactly as given. (Binding a primitive directly is
# not a public API; it is done here only to reach the HLO instruction's own behaviour.)
closed = [jax.make_jaxpr(b)(2.0) for b in branches]


def bare_conditional(i, x):
    return jax.lax.cond_p.bind(i, x, branches=tuple(closed))[0]


text = jax.jit(bare_conditional).lower(1, 2.0).as_text(dialect="hlo")
print(next(line for line in text.splitlines() if " conditional(" in line).strip())

print()
print("index  lax.switch  bare conditional   (x = 2.0; branches give 3.0, 20.0, -2.0)")
for i in [-5, -1, 0, 1, 2, 3, 100]:
    print(f"{i:<7}{float(jax.jit(switch)(i, 2.0)):<12}{float(jax.jit(bare_conditional)(i, 2.0))}")
