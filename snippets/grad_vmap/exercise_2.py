import jax
import jax.numpy as jnp


def matvec(m, v):
    return m @ v


ms = jnp.ones((5, 3, 4))  # 5 matrices
v = jnp.ones(4)  # one vector, shared
print(jax.make_jaxpr(jax.vmap(matvec, in_axes=(0, None)))(ms, v))
