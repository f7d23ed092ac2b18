import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)


value, f_vjp = jax.vjp(f, jnp.arange(3.0))  # runs the forward pass now
# f_vjp is the backward pass alone; what it needs from the forward pass
# arrives as constants (before the ";" in the binder list)
backward = jax.make_jaxpr(f_vjp)(1.0)
print(backward)
for name, const in zip("abc", backward.consts):  # the values of those constants
    print(f"{name} = {const}")
