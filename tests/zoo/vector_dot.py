"""A dot product of two vectors at HIGHEST precision: XLA may turn it into a multiply and a reduce."""
# tags: matmul, vector, precision, f32, scalar-output
import jax
import jax.numpy as jnp


def fn(u, v):
    return jnp.dot(u, v, precision=jax.lax.Precision.HIGHEST)


args = (jnp.linspace(0, 1, 256), jnp.linspace(1, 0, 256))
jitted = jax.jit(fn)
