"""A Python int marked static (static_argnums=1): the number of times a layer is applied."""
# tags: static-arg, loop-unrolled, matmul, f32, array-output
import jax
import jax.numpy as jnp


def fn(x, depth, w):
    for _ in range(depth):
        x = jnp.tanh(x @ w)
    return x


args = (jnp.ones((8, 32)), 3, jnp.eye(32) * 0.5)
jitted = jax.jit(fn, static_argnums=1)
