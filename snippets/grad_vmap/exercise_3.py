import jax
import jax.numpy as jnp
from jax.ad_checkpoint import print_saved_residuals

from mlp import example_batch, init_params


@jax.checkpoint
def hidden_layer(w, b, x):
    return jnp.maximum(x @ w + b, 0.0)


def loss(params, x, y):  # the same loss as mlp.py, with the hidden layer checkpointed
    h = hidden_layer(params["hidden"]["w"], params["hidden"]["b"], x)
    prediction = h @ params["out"]["w"] + params["out"]["b"]
    return jnp.mean((prediction - y) ** 2)


params = init_params()
x, y = example_batch()
print_saved_residuals(loss, params, x, y)
