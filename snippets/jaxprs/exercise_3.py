import re

import jax
import jax.numpy as jnp

x = jnp.ones((8, 16))  # [batch, features]
w_t = jnp.ones((32, 16))  # a weight stored as [hidden, features]

# x @ w_t.T without writing the transpose: contract axis 1 of x with axis 1 of w_t.
print(jax.make_jaxpr(lambda x, w_t: jnp.einsum("bf,hf->bh", x, w_t))(x, w_t))
print(jax.make_jaxpr(lambda x, w_t: x @ w_t.T)(x, w_t))

# After XLA's passes on the CPU: is the transpose still there?
optimized = jax.jit(lambda x, w_t: x @ w_t.T).lower(x, w_t).compile().as_text()
print("transpose instructions in the optimized HLO of x @ w_t.T:", optimized.count(" transpose("))
print("its dot:", re.search(r" dot\(.*?(lhs_contracting_dims=\S+ rhs_contracting_dims=\{\d\})", optimized)[1])
