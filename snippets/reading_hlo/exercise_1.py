import jax
import jax.numpy as jnp


def column_means(x):
    return jnp.mean(x, axis=0)


print(jax.jit(column_means).lower(jnp.ones((8, 16))).as_text(dialect="hlo"))
