import jax
import jax.numpy as jnp
from jax.experimental import checkify
from jax.experimental import pallas as pl

spec = jax.ShapeDtypeStruct((8,), jnp.float32)
x = jnp.arange(8.0) - 2


def log_kernel(x_ref, o_ref):
    o_ref[...] = jnp.log(x_ref[...])  # NaN for x < 0


def gather_kernel(x_ref, i_ref, o_ref):
    o_ref[...] = jnp.broadcast_to(x_ref[...][i_ref[0]], (8,))  # index 11 of 8


def assert_kernel(x_ref, o_ref):
    checkify.check(jnp.all(x_ref[...] >= 0), "negative input")
    o_ref[...] = jnp.sqrt(x_ref[...])


log_call = pl.pallas_call(log_kernel, out_shape=spec, interpret=True)
err, out = checkify.checkify(log_call, errors=checkify.nan_checks)(x)
print("nan_checks:  ", err.get(), out[:3])

gather_call = pl.pallas_call(gather_kernel, out_shape=spec, interpret=True)
err, out = checkify.checkify(gather_call, errors=checkify.index_checks)(x, jnp.array([11]))
print("index_checks:", err.get(), out[:3])

assert_call = pl.pallas_call(assert_kernel, out_shape=spec, interpret=True)
try:
    checkify.checkify(assert_call, errors=checkify.all_checks)(x)
except ValueError as e:
    print("user check:  ", type(e).__name__, str(e).split(". ")[0] + ".")


def debug_check_kernel(x_ref, o_ref):
    pl.debug_check(jnp.all(x_ref[...] >= 0), "negative input")
    o_ref[...] = jnp.sqrt(x_ref[...])


debug_call = pl.pallas_call(debug_check_kernel, out_shape=spec, interpret=True)
with pl.enable_debug_checks(True):
    err, out = checkify.checkify(debug_call, errors=checkify.all_checks)(x)
print("pl.debug_check under checkify:", err.get())
