import jax

from mlp import example_batch, init_params, mlp

# Lowering needs only shapes and dtypes, so eval_shape is enough: it creates no
# JAX array and compiles nothing (NumPy still draws the weights).
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

lowered = jax.jit(mlp).lower(params, x)
print(lowered.as_text(dialect="hlo"))  # unoptimized: no pass has run yet
