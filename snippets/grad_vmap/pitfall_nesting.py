import jax
import jax.numpy as jnp


@jax.jit
def layer(w, x):
    return jnp.tanh(x @ w)


def f(w, x):
    return jnp.sum(layer(w, x))


print(jax.make_jaxpr(jax.grad(f))(jnp.ones((3, 2)), jnp.ones(3)))


def g(v, w, x):  # layer reads w and x, and the gradient is by v alone
    return jnp.sum(v * layer(w, x))


grad_by_v = jax.make_jaxpr(jax.grad(g))(jnp.ones(2), jnp.ones((3, 2)), jnp.ones(3))
print("grad by v:", [eqn.primitive.name for eqn in grad_by_v.eqns])


@jax.jit
def frozen(w, x):  # w reaches the call, but its derivative stops inside it
    return jnp.tanh(x @ jax.lax.stop_gradient(w))


grad_through_stop = jax.make_jaxpr(jax.grad(lambda w, x: jnp.sum(frozen(w, x))))(jnp.ones((3, 2)), jnp.ones(3))
print("grad by w, stop_gradient inside:", [eqn.primitive.name for eqn in grad_through_stop.eqns])
