"""Arguments already sharded over every device (rows of x, columns of w); jit propagates it."""
# tags: sharded, matmul, f32, array-output
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

_mesh = jax.make_mesh((len(jax.devices()),), ("data",))


def fn(x, w):
    return jnp.tanh(x @ w)


args = (jax.device_put(jnp.ones((64, 32)), NamedSharding(_mesh, P("data", None))),
        jax.device_put(jnp.ones((32, 16)) / 32, NamedSharding(_mesh, P())))
jitted = jax.jit(fn)
