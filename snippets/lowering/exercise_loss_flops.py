import jax

from mlp import BATCH as B, FEATURES as F, HIDDEN as H, OUTPUTS as O
from mlp import example_batch, init_params, loss

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
costs = jax.jit(loss).lower(params, x, y).compile().cost_analysis()

forward = 2 * B * F * H + 2 * B * H * O + B * H + B * H + B * O  # the MLP, as before
subtract, square = B * O, B * O
reduce = B * O - 1  # n numbers need n - 1 additions
divide = 1
print("by hand:", forward + subtract + square + reduce + divide)
print("XLA:    ", costs["flops"])
