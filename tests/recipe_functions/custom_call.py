# A second function for recipes/custom_call.py: complex64, 9 elements, a QR and an io_callback.
import jax.experimental  # noqa: E402


def f(z):
    q, r = jnp.linalg.qr(z)
    jax.experimental.io_callback(lambda v: None, None, r)  # a callback with a side effect, no result
    return q.real.sum()


args = (jnp.eye(3, dtype=jnp.complex64) * (1 + 2j),)
