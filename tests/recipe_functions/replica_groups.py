# A second function for recipes/replica_groups.py: a 2 x 2 x 2 mesh whose devices are not
# in id order (partition i is not device i), int32 blocks, a psum over two of its axes and
# an all_gather over the third, written in shard_map, and a sum left to the partitioner.
import numpy as np  # noqa: E402

order = [3, 1, 7, 5, 2, 0, 6, 4]
mesh = jax.sharding.Mesh(np.array(jax.devices())[order].reshape(2, 2, 2), ("pod", "row", "col"),
                         axis_types=(jax.sharding.AxisType.Auto,) * 3)


def mixed(a, b):
    def per_device(block):
        return jax.lax.psum(block, ("pod", "col")), jax.lax.all_gather(block, "row", tiled=True)
    total, gathered = jax.shard_map(per_device, mesh=mesh, in_specs=P(("pod", "row", "col")),
                                    out_specs=(P("row"), P(("pod", "col", "row"))))(a)
    return total, gathered, jnp.sum(b, axis=0)


args = (jax.device_put(jnp.arange(64, dtype=jnp.int32), NamedSharding(mesh, P(("pod", "row", "col")))),
        jax.device_put(jnp.ones((16, 6), jnp.int32), NamedSharding(mesh, P(("row", "pod")))))
function = mixed
