import jax
import jax.numpy as jnp


def f(x):
    jax.debug.callback(lambda v: None, x, ordered=True)
    y = jnp.sin(x)
    jax.debug.callback(lambda v: None, y, ordered=True)
    return y


x = jnp.arange(3.0)
print(jax.make_jaxpr(f)(x).jaxpr.pretty_print(print_effects=True))
print(jax.jit(f).lower(x).as_text())
