import jax

from mlp import example_batch, init_params, loss

# Tracing needs only shapes and dtypes: eval_shape gives them without computing anything.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

print(jax.make_jaxpr(loss)(params, x, y))
