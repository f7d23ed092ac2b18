import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, mlp

params = init_params()
x, y = example_batch()


def predict_one(params, features):
    """Written for a single example: features has shape (16,), the result (4,)."""
    assert features.ndim == 1, "one example at a time"
    return mlp(params, features)


one = jax.jit(predict_one)
print("one example:", one(params, x[0]).shape)

# in_axes: do not map over params (None), map over axis 0 of the inputs.
predict_batch = jax.jit(jax.vmap(predict_one, in_axes=(None, 0)))
batched = predict_batch(params, x)
print("vmapped over", x.shape, "->", batched.shape)

# The same numbers as a Python loop over the rows, without the loop.
looped = jnp.stack([one(params, row) for row in x])
print("matches the loop:", bool(jnp.allclose(batched, looped, atol=1e-6)))
