import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def checked(x_ref, o_ref):
    pl.debug_check(jnp.all(x_ref[...] > 0), "x must be positive")
    o_ref[...] = x_ref[...]


x = jnp.arange(8.0) - 2  # fails the check
call = pl.pallas_call(checked, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
                      interpret=True)
with pl.enable_debug_checks(True):
    print(call(x))  # no error: interpret mode drops the check
