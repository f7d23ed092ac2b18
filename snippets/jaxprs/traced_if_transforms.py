import jax
import jax.numpy as jnp


def sign_flip(v):  # as in python_control_flow.py: an if on the values
    if v.sum() > 0:
        return -v
    return v


v = jnp.ones(4)
# grad and jvp without jit trace with values, so the same if runs (and follows one branch);
# jit and vmap trace without them.
print("grad:", jax.grad(lambda v: sign_flip(v).sum())(v))
print("jvp: ", jax.jvp(sign_flip, (v,), (v,))[1])
for name, transformed in [("vmap", jax.vmap(sign_flip)), ("jit", jax.jit(sign_flip))]:
    try:
        transformed(v)
    except jax.errors.TracerBoolConversionError as e:
        print(f"{name + ':':5}", type(e).__name__)
