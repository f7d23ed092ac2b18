"""A jitted helper called inside the function (an inner jit): the jaxpr holds a jit equation."""
# tags: nested-jit, matmul, f32, array-output
import jax
import jax.numpy as jnp


@jax.jit
def _inner(x, w):
    return jnp.tanh(x @ w)


def fn(x, w):
    return _inner(_inner(x, w), w) * 2.0


args = (jnp.ones((8, 32)), jnp.eye(32) * 0.5)
jitted = jax.jit(fn)
