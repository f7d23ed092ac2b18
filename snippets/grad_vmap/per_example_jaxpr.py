import jax

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()
per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))
print(jax.make_jaxpr(per_example)(params, x, y))
