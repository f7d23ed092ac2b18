# A second function for recipes/scan_unroll.py: no xs (length given), a tuple carry of a
# bfloat16 vector and a float32 scalar, and a length (20) that 8 does not divide.
def step(carry, _):
    a, b = carry
    a = a * jnp.bfloat16(0.5) + jnp.sin(a + b.astype(jnp.bfloat16))
    return (a, b + jnp.cos(b)), None


init, xs, length = (jnp.ones(16, jnp.bfloat16), jnp.float32(0.0)), None, 20
unrolls = (1, 2, 8, True)
