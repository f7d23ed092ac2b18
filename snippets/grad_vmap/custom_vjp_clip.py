import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x  # forward: the identity


def clip_fwd(x):
    return x, None  # the value, and no residuals


def clip_bwd(residuals, g):
    return (jnp.clip(g, -1.0, 1.0),)  # backward: clip the incoming cotangent


clip_gradient.defvjp(clip_fwd, clip_bwd)


def f(x):
    return jnp.sum(clip_gradient(x) ** 2)


x = jnp.array([-2.0, 0.1, 3.0])
print(jax.make_jaxpr(f)(x))
print(jax.make_jaxpr(jax.grad(f))(x))
print("2x, the gradient without the rule:", 2 * x)
print("jax.grad(f)(x):                   ", jax.grad(f)(x))
