import jax

from mlp import example_batch, init_params, mlp

params = init_params(jax.random.key(0))
x, _ = example_batch()

compiled = jax.jit(mlp).lower(params, x).compile()
print(compiled.as_text())  # optimized: after XLA's CPU pipeline
