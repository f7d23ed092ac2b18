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
# source_info=True: each equation ends with the line of Python that produced it
print(jax.make_jaxpr(halve_three_times)(v).pretty_print(source_info=True))
print(jax.make_jaxpr(activation)(v).pretty_print(source_info=True))
print(jax.make_jaxpr(lambda v: activation(v, "tanh"))(v).pretty_print(source_info=True))
try:
    jax.make_jaxpr(sign_flip)(v)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__ + ":", str(e).splitlines()[0])

