import jax
import jax.numpy as jnp
import numpy as np


def host_sin(x):  # runs in Python, on the host, once per call
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


# No batching rule can look inside a Python function: vmap calls it once per example.
print(jax.make_jaxpr(jax.vmap(host_sin))(jnp.ones(5)))
