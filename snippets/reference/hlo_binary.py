import jax.numpy as jnp
from jax import lax

from hlo_lines import show

x = jnp.linspace(0.5, 2.0, 4, dtype=jnp.float32)
y = jnp.full(4, 3.0, jnp.float32)

show("x + y", lax.add, x, y)
show("x - y", lax.sub, x, y)
show("x * y", lax.mul, x, y)
show("x / y", lax.div, x, y)
show("lax.rem(x, y)", lax.rem, x, y)
show("lax.pow(x, y)", lax.pow, x, y)
show("lax.max(x, y)", lax.max, x, y)
show("lax.min(x, y)", lax.min, x, y)
show("lax.atan2(x, y)", lax.atan2, x, y)
show("x < y", lax.lt, x, y)
show("lax.select(x < y, x, y)", lambda x, y: lax.select(x < y, x, y), x, y)
show("lax.clamp(0.0, x, 1.0)", lambda x: lax.clamp(0.0, x, 1.0), x)
show("lax.complex(x, y)", lax.complex, x, y)
show("lax.real(z), lax.imag(z)", lambda z: (lax.real(z), lax.imag(z)), lax.complex(x, y))
