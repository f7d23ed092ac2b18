"""jax.shard_map over every device: a per-shard product, then a psum of the partial sums."""
# tags: shard_map, collective, matmul, f32, array-output, transformed
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

_mesh = jax.make_mesh((len(jax.devices()),), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def _per_shard(x, w):
    return jax.lax.psum(jnp.tanh(x @ w).sum(axis=0), "data")


fn = jax.shard_map(_per_shard, mesh=_mesh, in_specs=(P("data"), P()), out_specs=P())
args = (jnp.ones((64, 32)), jnp.ones((32, 16)) / 32)
jitted = jax.jit(fn)
