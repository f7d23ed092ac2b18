import jax

from mlp import example_batch, init_params, loss

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

print(jax.make_jaxpr(loss)(params, x, y))
