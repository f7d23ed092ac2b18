import jax

from mlp import example_batch, init_params, mlp

params = init_params()
x, _ = example_batch()

jitted = jax.jit(mlp)  # (1)!
traced = jitted.trace(params, x)  # (2)!
lowered = traced.lower()  # (3)!
compiled = lowered.compile()  # (4)!

print(type(traced).__name__, "holds a jaxpr of", len(traced.jaxpr.eqns), "equations")
print(type(lowered).__name__, "holds", len(lowered.as_text().splitlines()), "lines of StableHLO")
print(type(compiled).__name__, "holds", compiled.as_text().count(" fusion("), "fusions")

# jitted.lower(...) is trace(...) and lower() in one call
print("same module:", jitted.lower(params, x).as_text() == lowered.as_text())

# a Compiled object is callable, with the same arguments as mlp
out = compiled(params, x)
print("result:", out.shape, out.dtype, "equal to jit:", bool((out == jitted(params, x)).all()))
