"""A two-layer perceptron written as pure functions: the model the chapters share.

The parameters are a pytree (a dict of dicts of arrays), so every JAX
transformation can take it apart and put it back together. Chapters import this
module through a symlink `mlp.py` in their own snippet folder, so each snippet
still runs as `python snippets/CHAPTER/NAME.py`.
"""

import jax.numpy as jnp
import numpy as np

# Small enough that every listing fits on a page, large enough that each
# dimension is recognizable in the IR: 8 examples, 16 features, 32 hidden
# units, 4 outputs.
BATCH, FEATURES, HIDDEN, OUTPUTS = 8, 16, 32, 4


def init_params(seed=0, features=FEATURES, hidden=HIDDEN, outputs=OUTPUTS):
    """Weights drawn from a normal distribution scaled by fan-in; biases zero.

    The numbers come from NumPy's generator, not jax.random: drawing them with
    JAX would compile a few random-number programs first, seconds of work that
    has nothing to do with the model and would clutter every dump.
    """
    rng = np.random.default_rng(seed)

    def normal(rows, cols):
        return jnp.asarray(rng.standard_normal((rows, cols), dtype=np.float32) / np.sqrt(rows))

    return {
        "hidden": {"w": normal(features, hidden), "b": jnp.zeros(hidden)},
        "out": {"w": normal(hidden, outputs), "b": jnp.zeros(outputs)},
    }


def mlp(params, x):
    """x @ W1 + b1, ReLU, then @ W2 + b2. Works on one example or a batch."""
    h = jnp.maximum(x @ params["hidden"]["w"] + params["hidden"]["b"], 0.0)
    return h @ params["out"]["w"] + params["out"]["b"]


def loss(params, x, y):
    """Mean squared error over the batch."""
    return jnp.mean((mlp(params, x) - y) ** 2)


def example_batch(seed=1, batch=BATCH, features=FEATURES, outputs=OUTPUTS):
    """A deterministic batch of inputs and targets, generated rather than downloaded."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((batch, features), dtype=np.float32)
    y = rng.standard_normal((batch, outputs), dtype=np.float32)
    return jnp.asarray(x), jnp.asarray(y)
