import jax
import jax.numpy as jnp


def matvec(m, v):
    return m @ v


def loop(ms, vs):
    return jnp.stack([matvec(ms[i], vs[i]) for i in range(ms.shape[0])])


ms = jnp.ones((5, 3, 4))
vs = jnp.ones((5, 4))
print(jax.make_jaxpr(loop)(ms, vs))
