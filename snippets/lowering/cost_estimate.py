import jax

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)

before = lowered.cost_analysis()  # estimated on the HLO before XLA's passes
after = lowered.compile().cost_analysis()  # estimated on the optimized HLO
for key in ("flops", "bytes accessed"):
    print(f"{key:15} before passes {before[key]:7.0f}   after passes {after[key]:7.0f}")
