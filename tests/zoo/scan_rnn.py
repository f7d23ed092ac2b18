"""An RNN over 16 steps with lax.scan: the carry h, a tanh cell, every step's h stacked."""
# tags: loop, scan, matmul, f32, tuple-output
import jax
import jax.numpy as jnp
from jax import lax


def fn(xs, h0, w):
    def cell(h, x):
        h = jnp.tanh(h @ w + x)
        return h, h

    return lax.scan(cell, h0, xs)


args = (jnp.ones((16, 8)), jnp.zeros(8), jnp.eye(8) * 0.5)
jitted = jax.jit(fn)
