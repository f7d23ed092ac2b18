import jax

from mlp import example_batch, init_params, mlp

# Tracing needs only shapes and dtypes: eval_shape gives them without computing anything.
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

# Trace mlp with these argument shapes and print the program JAX recorded.
print(jax.make_jaxpr(mlp)(params, x))
