import re

import jax
import jax.numpy as jnp

x = jnp.ones((8, 16))  # [batch, features]
w_t = jnp.ones((32, 16))  # a weight stored as [hidden, features]


def with_einsum(x, w_t):
    # x @ w_t.T without writing the transpose: contract axis 1 of x with axis 1 of w_t.
    return jnp.einsum("bf,hf->bh", x, w_t)


def with_transpose(x, w_t):
    return x @ w_t.T


for f in (with_einsum, with_transpose):
    print(jax.make_jaxpr(f)(x, w_t))

# After XLA's passes on the CPU: is a transpose left, and what does the dot contract?
for f in (with_einsum, with_transpose):
    optimized = jax.jit(f).lower(x, w_t).compile().as_text()
    dims = re.search(r" dot\(.*?(lhs_contracting_dims=\S+ rhs_contracting_dims=\{\d\})", optimized)[1]
    print(f"optimized {f.__name__}: {optimized.count(' transpose(')} transpose instructions, dot with {dims}")
