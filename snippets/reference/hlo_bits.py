import jax.numpy as jnp
from jax import lax

from hlo_lines import show

i = jnp.array([1, -2, 40, 7], jnp.int32)
n = jnp.array([1, 2, 3, 4], jnp.int32)
x = jnp.linspace(0.5, 2.0, 4, dtype=jnp.float32)

show("i & n", lambda i, n: i & n, i, n)
show("i | n", lambda i, n: i | n, i, n)
show("i ^ n", lambda i, n: i ^ n, i, n)
show("~i", lambda i: ~i, i)
show("lax.shift_left(i, n)", lambda i, n: lax.shift_left(i, n), i, n)
show("lax.shift_right_arithmetic(i, n)", lambda i, n: lax.shift_right_arithmetic(i, n), i, n)
show("lax.shift_right_logical(i, n)", lambda i, n: lax.shift_right_logical(i, n), i, n)
show("lax.clz(i)", lambda i: lax.clz(i), i)
show("lax.population_count(i)", lambda i: lax.population_count(i), i)
show("lax.mulhi(i, n)", lambda i, n: lax.mulhi(i, n), i, n)
show("x.astype(jnp.int32)", lambda x: x.astype(jnp.int32), x)
show("lax.bitcast_convert_type(x, jnp.int32)", lambda x: lax.bitcast_convert_type(x, jnp.int32), x)
show("lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10)",
     lambda x: lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10), x)
