import warnings

import numpy as np

import jax.numpy as jnp

print("default float:", jnp.array(1.5).dtype, "| numpy's:", np.array(1.5).dtype)
print("from a float64 numpy array:", jnp.asarray(np.ones(3)).dtype)

# Asking for float64 explicitly gives float32 and a warning.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y = jnp.zeros(3, dtype=jnp.float64)
print("dtype=jnp.float64 gives:", y.dtype)
for w in caught:
    print(w.category.__name__ + ":", w.message)

# Precision loss you can see: 1 + 1e-8 is exactly 1 in float32.
print("1 + 1e-8 == 1 ?", bool(jnp.array(1.0) + 1e-8 == 1.0))
