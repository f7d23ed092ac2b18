"""A two-layer perceptron written as pure functions: the model the chapters share.

The parameters are a pytree (a dict of dicts of arrays), so every JAX
transformation can take it apart and put it back together. Chapters import this
module through a symlink `mlp.py` in their own snippet folder, so each snippet
still runs as `python snippets/CHAPTER/NAME.py`.
"""

import jax
import jax.numpy as jnp

# Small enough that every listing fits on a page, large enough that each
# dimension is recognizable in the IR: 8 examples, 16 features, 32 hidden
# units, 4 outputs.
BATCH, FEATURES, HIDDEN, OUTPUTS = 8, 16, 32, 4


def init_params(key, features=FEATURES, hidden=HIDDEN, outputs=OUTPUTS):
    """Weights drawn from a normal distribution scaled by fan-in; biases zero."""
    k1, k2 = jax.random.split(key)
    return {
        "hidden": {
            "w": jax.random.normal(k1, (features, hidden)) / jnp.sqrt(features),
            "b": jnp.zeros(hidden),
        },
        "out": {
            "w": jax.random.normal(k2, (hidden, outputs)) / jnp.sqrt(hidden),
            "b": jnp.zeros(outputs),
        },
    }


def mlp(params, x):
    """x @ W1 + b1, ReLU, then @ W2 + b2. Works on one example or a batch."""
    h = jnp.maximum(x @ params["hidden"]["w"] + params["hidden"]["b"], 0.0)
    return h @ params["out"]["w"] + params["out"]["b"]


def loss(params, x, y):
    """Mean squared error over the batch."""
    return jnp.mean((mlp(params, x) - y) ** 2)


def example_batch(key=None, batch=BATCH, features=FEATURES, outputs=OUTPUTS):
    """A deterministic batch of inputs and targets, generated rather than downloaded."""
    kx, ky = jax.random.split(jax.random.key(1) if key is None else key)
    return jax.random.normal(kx, (batch, features)), jax.random.normal(ky, (batch, outputs))
