import jax
import jax.numpy as jnp


def matvec(m, v):
    return m @ v


m = jnp.ones((3, 4))  # one matrix, shared by every example
vs = jnp.ones((5, 4))  # 5 vectors, batch along axis 0
vs_t = vs.T  # the same 5 vectors, batch along axis 1

print("in_axes=(None, 0):")
print(jax.make_jaxpr(jax.vmap(matvec, in_axes=(None, 0)))(m, vs))
print("in_axes=(None, 1), out_axes=1:")
print(jax.make_jaxpr(jax.vmap(matvec, in_axes=(None, 1), out_axes=1))(m, vs_t))
