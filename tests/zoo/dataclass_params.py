"""Parameters as a dataclass registered as a pytree, with one static field."""
# tags: pytree-args, dataclass, dense, matmul, f32, array-output
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array
    activation: str = dataclasses.field(default="tanh", metadata=dict(static=True))


def fn(params, x):
    return getattr(jnp, params.activation)(x @ params.w + params.b)


args = (Params(jnp.ones((16, 32)) / 16, jnp.zeros(32)), jnp.ones((8, 16)))
jitted = jax.jit(fn)
