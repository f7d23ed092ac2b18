import jax
import jax.numpy as jnp
from jax import lax

from hlo_lines import show

x = jnp.arange(4.0, dtype=jnp.float32)
p = jnp.array(True)


@jax.jit
def inner(x):
    return x * 2.0


show("lax.fori_loop(0, 3, lambda i, x: x * 2.0, x)", lambda x: lax.fori_loop(0, 3, lambda i, x: x * 2.0, x), x)
show("lax.cond(p, jnp.sin, jnp.cos, x)", lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x), p, x)
show("inner(x) + 1.0  # a jit inside a jit", lambda x: inner(x) + 1.0, x)
show("jax.pure_callback(...)  # Python code, run by the host",
     lambda x: jax.pure_callback(lambda v: v, jax.ShapeDtypeStruct((4,), jnp.float32), x), x)
show("lax.optimization_barrier(x)", lax.optimization_barrier, x)
show("lax.after_all(lax.create_token(), lax.create_token())",
     lambda: lax.after_all(lax.create_token(), lax.create_token()))
show("(x, x + 1.0)  # two results; the parameter shown too", lambda x: (x, x + 1.0), x, parameters=True)
