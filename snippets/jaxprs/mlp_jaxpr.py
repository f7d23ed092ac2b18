import jax

from mlp import example_batch, init_params, mlp

params = init_params(jax.random.key(0))
x, _ = example_batch()

# Trace mlp with these argument shapes and print the program JAX recorded.
print(jax.make_jaxpr(mlp)(params, x))
