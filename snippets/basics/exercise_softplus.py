import numpy as np

import jax
import jax.numpy as jnp

np.set_printoptions(precision=4)


def softplus(x):
    return jnp.log1p(jnp.exp(x))


# grad needs a scalar function of a scalar; vmap lifts the derivative to a vector of points.
d_softplus = jax.jit(jax.vmap(jax.grad(softplus)))

points = jnp.linspace(-3.0, 3.0, 7)
print("grad:   ", d_softplus(points))
print("sigmoid:", jax.nn.sigmoid(points))
print("equal:", bool(jnp.allclose(d_softplus(points), jax.nn.sigmoid(points), atol=1e-6)))
