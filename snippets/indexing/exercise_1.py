import jax
import jax.numpy as jnp

from hlo_lines import hlo

x = jnp.arange(12.0).reshape(4, 3)


def column(x, j):
    return x[:, j]


print(hlo(jax.jit(column).lower(x, 0).as_text(dialect="hlo"), "constant", "dynamic-slice", "reshape"))
print(jax.jit(column)(x, 2))
