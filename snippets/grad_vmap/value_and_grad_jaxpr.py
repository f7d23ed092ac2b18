import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)


print(jax.make_jaxpr(jax.value_and_grad(f))(jnp.arange(3.0)))
