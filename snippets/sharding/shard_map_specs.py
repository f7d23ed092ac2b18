import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
double = jax.shard_map(lambda block: 2 * block, mesh=mesh, in_specs=P("x"), out_specs=P("x"))

x = jnp.ones((64, 16))  # committed to no mesh: its type says replicated
print("x:", jax.typeof(x))
try:
    double(x)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])

y = double(jax.reshard(x, NamedSharding(mesh, P("x"))))  # say where the rows go first
print("y:", jax.typeof(y))

# On a mesh in auto mode, shard_map moves the rows into place by itself.
auto = jax.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))
double_auto = jax.shard_map(lambda block: 2 * block, mesh=auto, in_specs=P("x"), out_specs=P("x"))
print("auto mode:", double_auto(x).sharding.spec)
