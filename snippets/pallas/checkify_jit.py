import jax
import jax.numpy as jnp
from jax.experimental import checkify

x = jnp.arange(8.0) - 2


def f(x, i):
    checkify.check(jnp.all(x >= -1), "x too small: {}", x.min())
    return jnp.log(x)[i]


for errors, name in [(checkify.nan_checks, "nan_checks"),
                     (checkify.index_checks, "index_checks"),
                     (checkify.user_checks, "user_checks")]:
    checked = jax.jit(checkify.checkify(f, errors=errors))
    err, out = checked(x, 11)
    print(f"{name}:", err.get().splitlines()[0])

err, out = jax.jit(checkify.checkify(f, errors=checkify.all_checks))(x + 3, 2)
print("all_checks on good input:", err.get(), out)
err, out = jax.jit(checkify.checkify(f, errors=checkify.all_checks))(x, 2)
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print("throw():", type(e).__name__, str(e).splitlines()[0])
