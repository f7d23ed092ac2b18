import jax
import jax.numpy as jnp


def norm(x):
    squares = x * x
    total = jnp.sum(squares)
    return jnp.sqrt(total)


# source_info=True: each equation ends with the line of Python that produced it
print(jax.make_jaxpr(norm)(jnp.ones(3)).pretty_print(source_info=True))
