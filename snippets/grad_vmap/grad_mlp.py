import jax

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()
# grad differentiates with respect to the first argument: the whole params pytree
print(jax.make_jaxpr(jax.grad(loss))(params, x, y))
