import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, mlp

params = init_params()
x, y = example_batch()

# The parameters are a pytree: nested dicts whose leaves are arrays.
print("leaf shapes:", jax.tree.map(jnp.shape, params))
print("leaves:", len(jax.tree.leaves(params)))

# jit takes the whole pytree as one argument; it traces with one tracer per leaf.
fast_mlp = jax.jit(mlp)
out = fast_mlp(params, x)
print("output:", out.shape, out.dtype)
print("same as the uncompiled call:", bool(jnp.allclose(out, mlp(params, x), atol=1e-6)))
