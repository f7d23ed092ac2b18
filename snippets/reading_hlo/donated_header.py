import jax
import jax.numpy as jnp

import target


def double(x):
    return x * 2


# donate_argnums=0 lets XLA reuse x's buffer for the result.
lowered = jax.jit(double, donate_argnums=0).lower(jnp.ones((8, 16)))
print(lowered.as_text(dialect="hlo").splitlines()[0])  # first line: the header
print(target.compile(double, jnp.ones((8, 16)), donate_argnums=0).as_text().splitlines()[0])
