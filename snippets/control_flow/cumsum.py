import jax
import jax.numpy as jnp


def cumsum(xs):
    """Running sums of xs along axis 0: the carry, and every step's value stacked."""

    def step(total, x):
        total = total + x
        return total, total  # (next carry, this step's output)

    return jax.lax.scan(step, jnp.zeros(xs.shape[1:], xs.dtype), xs)
