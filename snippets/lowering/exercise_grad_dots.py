import jax

from mlp import example_batch, init_params, loss

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
lowered = jax.jit(jax.grad(loss)).lower(params, x, y)

print("stablehlo.dot_general:", lowered.as_text().count("stablehlo.dot_general "))
print("HLO dot, before passes:", lowered.as_text(dialect="hlo").count(" dot("))
print("HLO dot, after passes: ", lowered.compile().as_text().count(" dot("))
