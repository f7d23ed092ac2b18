"""RMSNorm in bf16, computed in f32: x * rsqrt(mean(x**2)) * scale."""
# tags: norm, reduce, bf16, convert, array-output
import jax
import jax.numpy as jnp


def fn(x, scale):
    x32 = x.astype(jnp.float32)
    y = x32 * jax.lax.rsqrt(jnp.mean(x32 * x32, axis=-1, keepdims=True) + 1e-6)
    return (y * scale).astype(x.dtype)


args = (jnp.ones((16, 128), jnp.bfloat16), jnp.ones(128, jnp.float32))
jitted = jax.jit(fn)
