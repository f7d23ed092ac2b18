import jax
import jax.numpy as jnp

from hlo_lines import called, computation, hlo


def keep_larger(x, idx, v):
    return x.at[idx].max(v)


x, idx, v = jnp.zeros(5), jnp.array([1, 3]), jnp.array([2.0, -2.0])
text = jax.jit(keep_larger).lower(x, idx, v).as_text(dialect="hlo")
scatter = hlo(text, "scatter")
print(scatter)
print(computation(text, called(scatter)))
print(jax.jit(keep_larger)(x, idx, v))
