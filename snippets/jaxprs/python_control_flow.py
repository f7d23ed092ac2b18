import jax
import jax.numpy as jnp


def halve_three_times(v):
    for _ in range(3):  # runs in Python while tracing
        v = v / 2.0
    return v


def activation(v, kind="relu"):
    if kind == "relu":  # a plain string: decided before anything is traced
        return jnp.maximum(v, 0.0)
    return jnp.tanh(v)


def sign_flip(v):
    if v.sum() > 0:  # depends on the values, which tracing does not have
        return -v
    return v


v = jnp.ones(4)
print(jax.make_jaxpr(halve_three_times)(v))
print(jax.make_jaxpr(activation)(v))
print(jax.make_jaxpr(lambda v: activation(v, "tanh"))(v))
try:
    jax.make_jaxpr(sign_flip)(v)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__ + ":", str(e).splitlines()[0])
