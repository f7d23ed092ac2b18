import jax
import jax.numpy as jnp
from jax.ad_checkpoint import print_saved_residuals


def f(x):
    return jnp.sum(jnp.tanh(x))


x = jnp.arange(3.0)
print(jax.make_jaxpr(jax.grad(f))(x))
print_saved_residuals(f, x)
