import re

import jax
import jax.extend
import jax.numpy as jnp
from jax import lax


# --8<-- [start:your-function]
def python_loop(x, steps):
    for i in range(steps):  # Python runs this while JAX traces: one copy of the body per step
        x = jnp.sin(x) * 0.5 + i
    return x


def fori(x, steps):
    return lax.fori_loop(0, steps, lambda i, x: jnp.sin(x) * 0.5 + i, x)


versions = [python_loop, fori]  # each takes (x, steps), `steps` a Python int
x = jnp.ones(16)
# --8<-- [end:your-function]

# Everything below works for any such functions.


def equations(jaxpr):
    """Equations in a jaxpr, counting those inside loops, conds and nested jits too."""
    return sum(1 + sum(map(equations, jax.extend.core.jaxprs_in_params(eqn.params))) for eqn in jaxpr.eqns)


print("function      steps  equations: top-level  in all  loop primitive   HLO: instructions  while  trip count")
for fn in versions:
    for steps in (2, 8, 32):
        closed = jax.make_jaxpr(fn, static_argnums=1)(x, steps)
        loops = sorted({eqn.primitive.name for eqn in closed.jaxpr.eqns} & {"while", "scan"})
        hlo = jax.jit(fn, static_argnums=1).lower(x, steps).compile().as_text()
        instructions = len(re.findall(r"^\s+(?:ROOT )?%\S+ = ", hlo, re.MULTILINE))
        trips = re.findall(r'"known_trip_count":\{"n":"(\d+)"\}', hlo)
        print(f"{fn.__name__:13} {steps:5} {len(closed.jaxpr.eqns):21} {equations(closed.jaxpr):7}  "
              f"{','.join(loops) or '-':15} {instructions:18} {hlo.count(' while('):6}  {','.join(trips) or '-'}")
