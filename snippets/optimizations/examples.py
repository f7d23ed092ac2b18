"""The small functions this chapter compiles, and the arrays it compiles them for."""

import jax
import jax.numpy as jnp
import numpy as np

from mlp import example_batch, init_params, loss

# Lowering needs only shapes and dtypes, so plain NumPy arrays will do.
X = np.ones((8, 16), np.float32)  # one input shape for the elementwise examples
A = np.ones((16, 8), np.float32)  # A.T @ B contracts the 16s
B = np.ones((16, 4), np.float32)
TABLE = np.arange(16, dtype=np.float32)  # a NumPy array: it enters the program as a constant


def mlp_args():
    """Parameters and a batch (x, y) for the shared MLP."""
    return (init_params(), *example_batch())


def elementwise(x):
    """Four elementwise operations on the same shape."""
    return jnp.exp(x) * 2.0 + jnp.sin(x)


def row_sum_exp(x):
    """An elementwise operation feeding a reduction."""
    return jnp.exp(x).sum(axis=1)


def softmax(x):
    """Softmax over the last axis, written out."""
    e = jnp.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def halve(x):
    return x / 2.0


def project(a, b):
    """A transpose followed by a matrix product."""
    return a.T @ b


def add_table_total(x):
    """Adds the sum of a constant table: nothing here depends on x but the add."""
    return x + jnp.sum(TABLE * 2.0)


def add_ramp(x):
    """Adds 0, 2, 4, ... along the last axis; jnp.arange becomes an iota."""
    return x + jnp.arange(16, dtype=jnp.float32) * 2.0


def transposed(x):
    return x.T


def sine_twice(x):
    """The same sine written twice, as a quick edit often leaves it."""
    return jnp.sin(x) * 2.0 + jnp.sin(x) * 3.0


mlp_grad = jax.grad(loss)  # gradient of the shared MLP's loss with respect to the params
