import jax
from jax.ad_checkpoint import print_saved_residuals

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()

print("plain loss:")
print_saved_residuals(loss, params, x, y)
print("\njax.checkpoint(loss):")
print_saved_residuals(jax.checkpoint(loss), params, x, y)
print("\njax.checkpoint(loss, policy=dots_saveable):")
policy = jax.checkpoint_policies.dots_saveable
print_saved_residuals(jax.checkpoint(loss, policy=policy), params, x, y)
