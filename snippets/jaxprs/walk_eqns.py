from collections import Counter

import jax
from jax.extend import core as jex_core

from mlp import example_batch, init_params, loss, mlp

params = init_params(jax.random.key(0))
x, y = example_batch()

# --8<-- [start:trace]
# The route jit itself takes: trace first, then (if you want) lower and compile.
traced = jax.jit(loss).trace(params, x, y)
closed = traced.jaxpr  # a ClosedJaxpr: the Jaxpr (.jaxpr) plus its constants (.consts)
print(type(closed).__name__, "with", len(closed.jaxpr.eqns), "equations")
print("in: ", [str(a) for a in closed.in_avals])
print("out:", [str(a) for a in closed.out_avals])
for eqn in closed.jaxpr.eqns:
    ins = " ".join(v.aval.str_short(short_dtypes=True) for v in eqn.invars)
    outs = " ".join(v.aval.str_short(short_dtypes=True) for v in eqn.outvars)
    print(f"  {eqn.primitive.name:16} {ins:21} -> {outs:9} {dict(eqn.params)}")
# --8<-- [end:trace]


# --8<-- [start:count]
def count_primitives(jaxpr, counts=None):
    """Count primitives, descending into the jaxprs that equations carry as params."""
    counts = Counter() if counts is None else counts
    for eqn in jaxpr.eqns:
        counts[eqn.primitive.name] += 1
        for value in eqn.params.values():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, jex_core.ClosedJaxpr):
                    count_primitives(item.jaxpr, counts)
                elif isinstance(item, jex_core.Jaxpr):
                    count_primitives(item, counts)
    return counts


def loss_calling_jit(params, x, y):
    return jax.numpy.mean((jax.jit(mlp)(params, x) - y) ** 2)


outer = jax.jit(loss_calling_jit).trace(params, x, y).jaxpr.jaxpr
print("top level:", dict(sorted(Counter(e.primitive.name for e in outer.eqns).items())))
print("recursive:", dict(sorted(count_primitives(outer).items())))
# --8<-- [end:count]
