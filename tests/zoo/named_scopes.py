"""Named scopes around the parts of a layer, one of them (x * 1) folded away by XLA."""
# tags: named-scope, matmul, f32, array-output
import jax
import jax.numpy as jnp


def fn(x, w):
    with jax.named_scope("project"):
        h = x @ w
    with jax.named_scope("identity"):  # x * 1.0: folded away, no instruction left
        h = h * 1.0
    with jax.named_scope("activate"):
        return jnp.tanh(h) + jnp.sin(h)


args = (jnp.ones((16, 32)), jnp.ones((32, 64)) / 32)
jitted = jax.jit(fn)
