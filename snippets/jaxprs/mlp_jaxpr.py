import jax

from mlp import example_batch, init_params, mlp

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

# Trace mlp with these argument shapes and print the program JAX recorded.
print(jax.make_jaxpr(mlp)(params, x))
