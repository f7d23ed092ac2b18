import jax.numpy as jnp
from jax import lax

from hlo_lines import show

x = jnp.linspace(0.5, 2.0, 4, dtype=jnp.float32)

show("lax.abs(x)", lax.abs, x)
show("lax.cbrt(x)", lax.cbrt, x)
show("lax.ceil(x)", lax.ceil, x)
show("lax.cos(x)", lax.cos, x)
show("lax.erf(x)", lax.erf, x)
show("lax.exp(x)", lax.exp, x)
show("lax.expm1(x)", lax.expm1, x)
show("lax.floor(x)", lax.floor, x)
show("lax.is_finite(x)", lax.is_finite, x)
show("lax.log(x)", lax.log, x)
show("lax.log1p(x)", lax.log1p, x)
show("lax.neg(x)", lax.neg, x)
show("lax.round(x)  # ties away from zero", lax.round, x)
show("lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN)",
     lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN), x)
show("lax.rsqrt(x)", lax.rsqrt, x)
show("lax.sign(x)", lax.sign, x)
show("lax.sin(x)", lax.sin, x)
show("lax.sqrt(x)", lax.sqrt, x)
show("lax.tan(x)", lax.tan, x)
show("lax.tanh(x)", lax.tanh, x)
