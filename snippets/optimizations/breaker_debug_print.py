import jax
import jax.numpy as jnp

from examples import X
from show import readable
import target


def with_debug_print(x):
    y = jnp.exp(x) * 2.0
    jax.debug.print("y[0, 0] = {}", y[0, 0])
    return jnp.sin(y) + 1.0


print(readable(target.compile(with_debug_print, X).as_text()))
