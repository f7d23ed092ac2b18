import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))  # one mesh axis named "x" over 8 devices
rows = NamedSharding(mesh, P("x", None))  # split dim 0 over "x", keep dim 1 whole
print(mesh)

x = jax.device_put(jnp.arange(64 * 16, dtype=jnp.float32).reshape(64, 16), rows)
print("global shape:", x.shape, " type:", jax.typeof(x))
for shard in x.addressable_shards[:2]:
    print(" ", shard.device, "holds rows", shard.index[0], "shape", shard.data.shape)


def square(v):
    return v * v


# Shardings of the arguments and of the result are part of the compiled program.
square_jit = jax.jit(square, in_shardings=rows, out_shardings=rows)
y = square_jit(x)
print("result sharding:", y.sharding)
print("matches NumPy:", bool((y == x * x).all()))
