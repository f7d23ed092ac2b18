import jax
import jax.numpy as jnp

from hlo_lines import hlo, jaxpr


def relu(x):
    return jnp.where(x > 0, x, 0.0)


x = jnp.array([-2.0, -1.0, 0.5, 3.0])
print(jaxpr(jax.make_jaxpr(relu)(x), "gt", "select_n"))
print(hlo(jax.jit(relu).lower(x).as_text(dialect="hlo"), "call", "compare", "select"))
print(jax.jit(relu)(x))
