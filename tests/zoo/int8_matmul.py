"""An int8 matrix product accumulated in int32, then scaled to f32: quantized inference."""
# tags: int8, matmul, array-output, 3-args
import jax
import jax.numpy as jnp


def fn(a, b, scale):
    acc = jnp.matmul(a, b, preferred_element_type=jnp.int32)
    return acc.astype(jnp.float32) * scale


args = (jnp.ones((32, 64), jnp.int8), jnp.ones((64, 16), jnp.int8), jnp.float32(0.01))
jitted = jax.jit(fn)
