# A second function for recipes/float64.py: int16 input, complex output, four elements,
# and a dict of two results.
def spectrum(x):
    z = jnp.fft.fft(x.astype(jnp.complex128))
    return {"power": jnp.abs(z) ** 2, "index": jnp.arange(x.shape[0])}


def make_args():
    return (jnp.array([1, 2, 3, 4], jnp.int16),)


function = spectrum
