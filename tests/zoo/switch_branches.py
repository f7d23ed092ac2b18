"""lax.switch on an integer argument: one of three elementwise functions."""
# tags: switch, branch, int-arg, f32, array-output
import jax
import jax.numpy as jnp
from jax import lax


def fn(i, x):
    return lax.switch(i, [jnp.sin, jnp.cos, lambda x: x * x], x)


args = (jnp.int32(1), jnp.linspace(0, 1, 64))
jitted = jax.jit(fn)
