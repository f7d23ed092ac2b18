import jax
import jax.numpy as jnp
from jax import lax

from hlo_lines import show

a = jnp.ones((2, 3), jnp.float32)
b = jnp.ones((3, 4), jnp.float32)
signal = jnp.ones((1, 1, 8), jnp.float32)  # batch, feature, width
kernel = jnp.ones((1, 1, 3), jnp.float32)  # out feature, in feature, width
v = jnp.arange(8.0, dtype=jnp.float32)
z = jnp.ones(8, jnp.complex64)
t = jnp.eye(3, dtype=jnp.bfloat16)


def max_pool(v):
    return lax.reduce_window(v, -jnp.inf, lax.max, (2,), (2,), "VALID")


show("a @ b", jnp.matmul, a, b)
show("jnp.matmul(a, b, precision=lax.Precision.HIGHEST)",
     lambda a, b: jnp.matmul(a, b, precision=lax.Precision.HIGHEST), a, b)
show("jnp.matmul(a, b, precision=lax.DotAlgorithmPreset.BF16_BF16_F32)",
     lambda a, b: jnp.matmul(a, b, precision=lax.DotAlgorithmPreset.BF16_BF16_F32), a, b)
show('lax.conv_general_dilated(signal, kernel, (1,), "VALID")',
     lambda s, k: lax.conv_general_dilated(s, k, (1,), "VALID"), signal, kernel)
show("v.sum()", jnp.sum, v)
show("max_pool(v)", max_pool, v)
show("jax.grad(lambda v: max_pool(v).sum())(v)", jax.grad(lambda v: max_pool(v).sum()), v)
show("lax.fft(z, lax.FftType.FFT, (8,))", lambda z: lax.fft(z, lax.FftType.FFT, (8,)), z, inside=True)
show("lax.linalg.triangular_solve(t, t, left_side=True, lower=True)  # bfloat16",
     lambda t: lax.linalg.triangular_solve(t, t, left_side=True, lower=True), t)
