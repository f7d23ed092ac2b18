import jax

from mlp import example_batch, init_params, loss

params = init_params(jax.random.key(0))
x, y = example_batch()

print(jax.make_jaxpr(loss)(params, x, y))
