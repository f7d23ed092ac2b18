import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("data", "model"))  # devices 0-3 in row 0, 4-7 in row 1
print(mesh.devices)
x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", "model")))


def all_reduces(f):
    """Excerpt: the all-reduce lines of f's compiled HLO, up to the replica groups."""
    text = jax.jit(f).lower(x).compile().as_text()
    return [l.strip().split(", use_global")[0] for l in text.splitlines() if " all-reduce(" in l]


# The same sum over the "model" axis, written two ways.
by_hand = jax.shard_map(lambda v: jax.lax.psum(v.sum(axis=1), "model"), mesh=mesh,
                        in_specs=P("data", "model"), out_specs=P("data"))
print("shard_map psum over 'model':", *all_reduces(by_hand), sep="\n  ")
with jax.set_mesh(mesh):
    partitioned = lambda v: jnp.sum(v, axis=1)  # noqa: E731
    print("partitioner, sum over dim 1:", *all_reduces(partitioned), sep="\n  ")
# And over the other axis: groups are now the columns of the device grid.
by_hand_data = jax.shard_map(lambda v: jax.lax.psum(v.sum(axis=0), "data"), mesh=mesh,
                             in_specs=P("data", "model"), out_specs=P("model"))
print("shard_map psum over 'data':", *all_reduces(by_hand_data), sep="\n  ")
