import jax
import jax.numpy as jnp


def safe_log(x):
    return jax.lax.cond(x > 0, jnp.log, jnp.zeros_like, x)


xs = jnp.array([1.0, -1.0])
print(jax.make_jaxpr(jax.vmap(safe_log))(xs))
print("vmap(safe_log)(xs) =", jax.vmap(safe_log)(xs))
print("jnp.log(xs) =", jnp.log(xs))
