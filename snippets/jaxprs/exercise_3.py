import jax
import jax.numpy as jnp

x = jnp.ones((8, 16))  # [batch, features]
w_t = jnp.ones((32, 16))  # a weight stored as [hidden, features]

# x @ w_t.T without writing the transpose: contract axis 1 of x with axis 1 of w_t.
print(jax.make_jaxpr(lambda x, w_t: jnp.einsum("bf,hf->bh", x, w_t))(x, w_t))
print(jax.make_jaxpr(lambda x, w_t: x @ w_t.T)(x, w_t))
