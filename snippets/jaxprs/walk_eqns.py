import jax

from mlp import example_batch, init_params, loss

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

# The route jit itself takes: trace first, then (if you want) lower and compile.
traced = jax.jit(loss).trace(params, x, y)
jaxpr = traced.jaxpr  # the equations, and the values of its constants (.consts)
print(type(jaxpr).__name__, "with", len(jaxpr.eqns), "equations and", len(jaxpr.consts), "constants")
print("in: ", [str(a) for a in jaxpr.in_avals])
print("out:", [str(a) for a in jaxpr.out_avals])
for eqn in jaxpr.eqns:
    ins = " ".join(v.aval.str_short(short_dtypes=True) for v in eqn.invars)
    outs = " ".join(v.aval.str_short(short_dtypes=True) for v in eqn.outvars)
    print(f"  {eqn.primitive.name:16} {ins:21} -> {outs:9} {dict(eqn.params)}")
