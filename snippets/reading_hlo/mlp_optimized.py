import jax

import target
from mlp import example_batch, init_params, mlp

# Lowering needs only shapes and dtypes, so eval_shape is enough: it creates no
# JAX array and compiles nothing (NumPy still draws the weights).
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

compiled = target.compile(mlp, params, x)
print(compiled.as_text())  # optimized: after XLA's CPU pipeline
