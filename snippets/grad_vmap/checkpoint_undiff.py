import jax
import jax.numpy as jnp


@jax.checkpoint  # the block of the snippet above
def block(x):
    inner = jnp.sin(x)
    return jnp.sin(inner)


def g(y, x):
    return jnp.sum(block(x) * y)


# The gradient by y alone: no tangent reaches the block's input x.
print(jax.make_jaxpr(jax.grad(g))(jnp.arange(3.0), jnp.arange(3.0)))

x, t = jnp.arange(3.0), jnp.ones(3)
jvp = jax.make_jaxpr(lambda x, t: jax.jvp(block, (x,), (t,)))(x, t)
print("jvp:", [eqn.primitive.name for eqn in jvp.eqns])
vmapped = jax.make_jaxpr(jax.vmap(block))(jnp.ones((2, 3)))
print("vmap:", [eqn.primitive.name for eqn in vmapped.eqns])
