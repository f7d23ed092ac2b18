from collections import Counter

import jax
from jax.extend import core as jex_core

from mlp import example_batch, init_params, mlp

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)


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

# Other equations hold jaxprs too: jax.nn.relu is a custom_jvp_call.
relu = jax.make_jaxpr(jax.nn.relu)(x).jaxpr
print("jax.nn.relu top level:", dict(Counter(e.primitive.name for e in relu.eqns)),
      "| recursive:", dict(sorted(count_primitives(relu).items())))
