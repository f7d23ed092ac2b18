import jax
from jax.ad_checkpoint import print_saved_residuals

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()

# print_saved_residuals(loss, params, x, y) differentiates with respect to params, x and y.
# Closing over x and y leaves params as the only argument, as in jax.grad(loss):
print_saved_residuals(lambda p: loss(p, x, y), params)
