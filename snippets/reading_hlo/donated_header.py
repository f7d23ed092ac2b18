import jax
import jax.numpy as jnp


def double(x):
    return x * 2


# donate_argnums=0 lets XLA reuse x's buffer for the result.
lowered = jax.jit(double, donate_argnums=0).lower(jnp.ones((8, 16)))
print(lowered.as_text(dialect="hlo").splitlines()[0])  # first line: the header
print(lowered.compile().as_text().splitlines()[0])
