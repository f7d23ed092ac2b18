import jax
import jax.numpy as jnp


def matvec(m, v):
    return m @ v  # one [3,4] matrix times one [4] vector


ms = jnp.ones((5, 3, 4))  # 5 matrices
vs = jnp.ones((5, 4))  # 5 vectors
print(jax.make_jaxpr(jax.vmap(matvec))(ms, vs))
