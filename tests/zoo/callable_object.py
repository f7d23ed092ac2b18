"""A callable object (an instance with __call__) holding its weights: no __name__."""
# tags: callable-object, matmul, f32, array-output
import jax
import jax.numpy as jnp


class _Layer:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return jnp.tanh(x @ self.w)


fn = _Layer(jnp.ones((16, 8)) / 16)
args = (jnp.ones((4, 16)),)
jitted = jax.jit(fn)
