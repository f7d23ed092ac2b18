"""A 3x3 convolution, channels last (NHWC, HWIO), with a ReLU."""
# tags: conv, f32, rank4, array-output
import jax
import jax.numpy as jnp
from jax import lax


def fn(x, k):
    y = lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return jax.nn.relu(y)


args = (jnp.ones((2, 16, 16, 4)), jnp.ones((3, 3, 4, 8)) / 36)
jitted = jax.jit(fn)
