"""jax.debug.print inside a scan body: one print per step, in order."""
# tags: prints, loop, scan, f32, array-output, 1-arg
import jax
import jax.numpy as jnp
from jax import lax


def fn(xs):
    def step(c, x):
        jax.debug.print("step x={x} carry={c}", x=x, c=c)
        return c + x, c * x

    return lax.scan(step, 0.0, xs)[1]


args = (jnp.array([1.0, 2.0, 3.0]),)
jitted = jax.jit(fn)
