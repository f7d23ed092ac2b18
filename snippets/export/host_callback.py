import jax
import jax.numpy as jnp
import numpy as np
from jax import export
from jax.experimental import io_callback


def with_print(x):
    jax.debug.print("x = {}", x)  # runs on the host, at every call
    return x * 2


def with_callback(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def with_io_callback(x):
    return io_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


spec = jax.ShapeDtypeStruct((3,), jnp.float32)
for f in (with_print, with_callback, with_io_callback):
    try:
        export.export(jax.jit(f))(spec)
        print(f"{f.__name__}: exported")
    except Exception as e:
        print(f"{f.__name__}: {type(e).__name__}: {str(e).splitlines()[0]}")
