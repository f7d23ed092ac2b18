import jax

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)

print("1. jax.xla_computation")
try:
    jax.xla_computation(mlp)(params, x)
except Exception as e:
    print("  ", type(e).__name__, e)
hlo = lowered.compiler_ir("hlo")  # what replaces it
print("   instead: compiler_ir('hlo') ->", type(hlo).__name__, "|", hlo.as_hlo_text().split(",")[0])

print("2. the mhlo dialect")
for dialect in ("stablehlo", "hlo", "mhlo"):
    for method in (lowered.as_text, lowered.compiler_ir):
        try:
            method(dialect)
            print(f"   {method.__name__}({dialect!r}): ok")
        except Exception as e:
            print(f"   {method.__name__}({dialect!r}):", type(e).__name__, e)

print("3. cost_analysis()")
costs = jax.jit(mlp).lower(params, x).compile().cost_analysis()
print("   returns a", type(costs).__name__)
try:
    costs[0]["flops"]  # the old list-of-dicts idiom
except Exception as e:
    print("   costs[0]:", type(e).__name__, e)
print("   costs['flops']:", costs["flops"])
