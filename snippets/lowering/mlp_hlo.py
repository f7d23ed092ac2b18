import jax

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

lowered = jax.jit(mlp).lower(params, x)
print(lowered.as_text(dialect="hlo"))  # the same module converted to HLO; no XLA pass has run
