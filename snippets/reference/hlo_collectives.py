import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from hlo_lines import show

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(64.0, dtype=jnp.float32).reshape(8, 8), NamedSharding(mesh, P("i")))


def per_device(f, out_specs=P("i")):
    """f runs on each device's block of 1 row, with the mesh axis "i" named in it."""
    return jax.shard_map(f, mesh=mesh, in_specs=P("i"), out_specs=out_specs, check_vma=False)


# What each device runs: the computation that the shard_map's `call` runs.
show('lax.all_gather(x, "i", tiled=True)', per_device(lambda x: lax.all_gather(x, "i", tiled=True), P()), x,
     inside=True)
show('lax.psum(x, "i")', per_device(lambda x: lax.psum(x, "i"), P()), x, inside=True)
show('lax.psum_scatter(x, "i", scatter_dimension=1, tiled=True)',
     per_device(lambda x: lax.psum_scatter(x, "i", scatter_dimension=1, tiled=True)), x, inside=True)
show('lax.all_to_all(x, "i", 1, 1, tiled=True)', per_device(lambda x: lax.all_to_all(x, "i", 1, 1, tiled=True)), x,
     inside=True)
show('lax.ppermute(x, "i", [(j, (j + 1) % 8) for j in range(8)])',
     per_device(lambda x: lax.ppermute(x, "i", [(j, (j + 1) % 8) for j in range(8)])), x, inside=True)
show('x + lax.axis_index("i")', per_device(lambda x: x + lax.axis_index("i")), x, inside=True)

# ragged_all_to_all: each device sends sizes[j] rows from offsets[j] of its block to device j.
ones = jax.device_put(jnp.ones(8, jnp.int32), NamedSharding(mesh, P("i")))
zeros = jax.device_put(jnp.zeros(8, jnp.int32), NamedSharding(mesh, P("i")))
ragged = jax.shard_map(lambda x, o, i, s, oo, os: lax.ragged_all_to_all(x, o, i, s, oo, os, axis_name="i"),
                       mesh=mesh, in_specs=(P("i"),) * 6, out_specs=P("i"), check_vma=False)
show('lax.ragged_all_to_all(x, out, offsets, sizes, out_offsets, out_sizes, axis_name="i")', ragged,
     x, x, zeros, ones, zeros, ones, inside=True)
try:
    jax.jit(ragged).lower(x, x, zeros, ones, zeros, ones).compile()
except Exception as error:  # noqa: BLE001 (the message is the point)
    print("compiling it for the CPU:", str(error).split(". ")[0])
