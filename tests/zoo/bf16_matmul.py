"""A matrix product of bf16 operands, accumulated in f32 (preferred_element_type)."""
# tags: bf16, matmul, array-output
import jax
import jax.numpy as jnp


def fn(a, b):
    return jnp.matmul(a, b, preferred_element_type=jnp.float32)


args = (jnp.ones((64, 128), jnp.bfloat16), jnp.ones((128, 32), jnp.bfloat16))
jitted = jax.jit(fn)
