"""A NaN made inside a scan body: the log of a carry that turns negative at step 3."""
# tags: nan, loop, scan, f32, scalar-output
import jax
import jax.numpy as jnp
from jax import lax


def fn(x0, xs):
    def step(c, x):
        c = c - x
        return c, jnp.log(c)

    return lax.scan(step, x0, xs)[1].sum()


args = (jnp.float32(2.5), jnp.ones(5))
jitted = jax.jit(fn)
