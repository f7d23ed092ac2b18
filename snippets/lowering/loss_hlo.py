import jax

from mlp import example_batch, init_params, loss

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

print(jax.jit(loss).lower(params, x, y).as_text(dialect="hlo"))
