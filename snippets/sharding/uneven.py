import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x"))

try:
    jax.device_put(jnp.ones((63, 16)), rows)  # 63 rows do not split 8 ways
except Exception as e:
    print(type(e).__name__, e)

# A jit argument with that sharding is refused the same way, before compiling.
try:
    jax.jit(lambda v: 2 * v, in_shardings=rows).lower(jax.ShapeDtypeStruct((63, 16), jnp.float32))
except Exception as e:
    print("jit:", type(e).__name__)

# One fix: pad to a multiple of the axis size, and mask or slice the padding later.
padded = jnp.pad(jnp.ones((63, 16)), ((0, 1), (0, 0)))
x = jax.device_put(padded, rows)
print("padded:", jax.typeof(x), "per device:", x.addressable_shards[0].data.shape)
