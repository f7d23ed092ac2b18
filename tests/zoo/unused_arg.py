"""A function with an argument it never reads (jit drops it from the compiled program)."""
# tags: unused-arg, f32, array-output
import jax
import jax.numpy as jnp


def fn(x, unused, w):
    return jnp.tanh(x @ w)


args = (jnp.ones((8, 16)), jnp.ones((4, 4)), jnp.ones((16, 8)) / 16)
jitted = jax.jit(fn)
