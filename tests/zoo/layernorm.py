"""Layer normalization with a scale and a bias, over the last axis of f32[32,256]."""
# tags: norm, reduce, f32, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


args = (jnp.linspace(-1, 1, 32 * 256).reshape(32, 256), jnp.ones(256), jnp.zeros(256))
jitted = jax.jit(fn)
