# A second function for recipes/fft.py: an FFT along the first axis (jnp.fft moves it last),
# the gradient of a power spectrum (the transpose of an RFFT), FFTs in a scan's body, and a
# 3-D inverse real FFT with norm="ortho".
signals = jnp.cos(jnp.arange(64 * 12, dtype=jnp.float32).reshape(64, 12))
volume = jnp.ones((4, 6, 5), jnp.complex64)


def power(x):
    return jnp.sum(jnp.abs(jnp.fft.rfft(x)) ** 2)


def repeated(z):
    return jax.lax.scan(lambda c, _: (jnp.fft.ifft(jnp.fft.fft(c) * 0.5), None), z, None, length=3)[0]


forms = [
    ("fft along axis 0", lambda s: jnp.fft.fft(s, axis=0), (signals,)),
    ("grad of a power spectrum", jax.grad(power), (signals[:, 0],)),
    ("fft in a scan", repeated, (volume[0],)),
    ("irfftn, ortho", lambda v: jnp.fft.irfftn(v, s=(4, 6, 8), norm="ortho"), (volume,)),
]
