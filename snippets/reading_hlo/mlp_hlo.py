import jax

from mlp import example_batch, init_params, mlp

params = init_params(jax.random.key(0))
x, _ = example_batch()

lowered = jax.jit(mlp).lower(params, x)
print(lowered.as_text(dialect="hlo"))  # unoptimized: no pass has run yet
