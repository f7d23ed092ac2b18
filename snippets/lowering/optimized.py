import jax

import target

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

compiled = target.compile(mlp, params, x)
print(compiled.as_text())  # after XLA's CPU passes: fused, scheduled, with metadata
