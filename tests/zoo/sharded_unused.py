"""Sharded arguments, one of them never read: jit drops its parameter, and input_shardings says None."""
# tags: sharded, unused-arg, matmul, f32, array-output
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

_mesh = jax.make_mesh((len(jax.devices()),), ("data",))


def fn(x, unused, w):
    return jnp.tanh(x @ w)


args = tuple(jax.device_put(a, NamedSharding(_mesh, spec)) for a, spec in (
    (jnp.ones((64, 32)), P("data", None)), (jnp.ones((8, 4)), P("data")), (jnp.ones((32, 16)) / 32, P())))
jitted = jax.jit(fn)
