"""jax.debug.print inside a function under jax.vmap: the print sees one example at a time."""
# tags: prints, vmap, f32, array-output, transformed, 1-arg
import jax
import jax.numpy as jnp


def _per_example(x):
    jax.debug.print("example sum={s}", s=x.sum())
    return jnp.tanh(x) * 2.0


fn = jax.vmap(_per_example)
args = (jnp.arange(6.0).reshape(3, 2),)
jitted = jax.jit(fn)
