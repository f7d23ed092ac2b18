import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)


def f_jvp(x, t):
    # forward mode: the value of f at x and its directional derivative along t
    return jax.jvp(f, (x,), (t,))


print(jax.make_jaxpr(f_jvp)(jnp.arange(3.0), jnp.ones(3)))
