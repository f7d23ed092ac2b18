import jax
import jax.numpy as jnp


@jax.checkpoint  # save only this block's inputs; recompute the rest in the backward pass
def block(x):
    return jnp.sin(jnp.sin(x))


def f(x):
    return jnp.sum(block(x) * x)


print(jax.make_jaxpr(jax.grad(f))(jnp.arange(3.0)))
