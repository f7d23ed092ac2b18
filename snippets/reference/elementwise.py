# Element-wise jax.lax operations, each binding the primitive of the same name (or nearly).
import jax
import jax.numpy as jnp
from jax import lax


def float_ops(x, y):
    unary = [lax.abs, lax.acos, lax.acosh, lax.asin, lax.asinh, lax.atan, lax.atanh, lax.cbrt,
             lax.ceil, lax.cos, lax.cosh, lax.exp, lax.exp2, lax.expm1, lax.floor, lax.is_finite,
             lax.log, lax.log1p, lax.log2, lax.logistic, lax.neg, lax.round, lax.rsqrt, lax.sign, lax.sin,
             lax.sinh, lax.sqrt, lax.square, lax.tan, lax.tanh, lax.one_minus_square]
    binary = [lax.add, lax.sub, lax.mul, lax.div, lax.rem, lax.pow, lax.max, lax.min, lax.atan2,
              lax.nextafter, lax.eq, lax.ne, lax.lt, lax.le, lax.gt, lax.ge]
    return ([f(x) for f in unary] + [f(x, y) for f in binary]
            + [lax.integer_pow(x, 3), lax.clamp(0.0, x, 1.0), lax.select(x < y, x, y),
               lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10),
               lax.convert_element_type(x, jnp.int32), lax.bitcast_convert_type(x, jnp.uint32),
               lax.polynomial(x, [1.0, 2.0, 3.0]), jnp.copy(x)])


def special_ops(x, y):
    return [lax.bessel_i0e(x), lax.bessel_i1e(x), lax.digamma(x), lax.erf(x), lax.erfc(x),
            lax.erf_inv(x), lax.lgamma(x), lax.igamma(x, y), lax.igammac(x, y),
            lax.igamma_grad_a(x, y), lax.polygamma(x, y),
            lax.zeta(x, y), lax.betainc(x, y, y)]


def int_ops(i, j):
    return [lax.bitwise_and(i, j), lax.bitwise_or(i, j), lax.bitwise_xor(i, j), lax.bitwise_not(i),
            lax.shift_left(i, j), lax.shift_right_arithmetic(i, j), lax.shift_right_logical(i, j),
            lax.clz(i), lax.population_count(i), lax.mulhi(i, j)]


def complex_ops(x, y):
    z = lax.complex(x, y)
    return [lax.real(z), lax.imag(z), lax.conj(z)]


x = y = jnp.ones(4, jnp.float32)
i = j = jnp.ones(4, jnp.int32)
print(jax.make_jaxpr(float_ops)(x, y))
print(jax.make_jaxpr(special_ops)(x, y))
print(jax.make_jaxpr(int_ops)(i, j))
print(jax.make_jaxpr(complex_ops)(x, y))
