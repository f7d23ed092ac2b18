import jax
import jax.numpy as jnp


def f(x):
    """A scalar function of a scalar: x * sin(x)."""
    return x * jnp.sin(x)


# Each transformation takes a function and returns a new function.
df = jax.grad(f)          # derivative: sin(x) + x * cos(x)
d2f = jax.grad(df)        # the result is a function again, so it can be transformed again
fast_df = jax.jit(df)     # the same derivative, compiled by XLA
f_on_many = jax.vmap(f)   # f applied along a leading batch axis

x = 2.0
print("f(2)        =", f(x))
print("df(2)       =", df(x))
print("by hand     =", jnp.sin(x) + x * jnp.cos(x))
print("d2f(2)      =", d2f(x))
print("fast_df(2)  =", fast_df(x))
print("f_on_many   =", f_on_many(jnp.array([0.0, 1.0, 2.0])))
print(type(df).__name__, type(fast_df).__name__)
