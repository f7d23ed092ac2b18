import jax
import jax.numpy as jnp


def twice(v):
    return v * 2.0


# The same function traced with four kinds of argument.
for arg in (3.0, jnp.float32(3.0), jnp.ones(2, jnp.bfloat16), jnp.arange(2)):
    closed = jax.make_jaxpr(twice)(arg)
    print("input aval:", repr(closed.in_avals[0]), " output aval:", closed.out_avals[0])
    print(closed)
