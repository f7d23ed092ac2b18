import jax
import jax.numpy as jnp


@jax.checkpoint  # save only this block's inputs; recompute the rest in the backward pass
def block(x):
    inner = jnp.sin(x)
    return jnp.sin(inner)


def f(x):
    return jnp.sum(block(x) * x)


# source_info=True: each equation ends with the line of Python that produced it
print(jax.make_jaxpr(jax.grad(f))(jnp.arange(3.0)).pretty_print(source_info=True))
