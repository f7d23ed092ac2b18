import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import numpy as np  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
ring = [(i, (i + 1) % 8) for i in range(8)]  # device i sends its block to device i+1


def pass_right(block):  # block: this device's f32[8,16]
    return jax.lax.ppermute(block, "x", perm=ring)


shift = jax.jit(jax.shard_map(pass_right, mesh=mesh, in_specs=P("x"), out_specs=P("x")))
x = jax.device_put(jnp.arange(64.0).reshape(64, 1) * jnp.ones((1, 16)), NamedSharding(mesh, P("x")))
compiled = shift.lower(x).compile()
text = compiled.as_text()
for line in text.splitlines():  # excerpt: the communicating instruction
    if " collective-permute(" in line:
        print(line.strip().split(", metadata=")[0])
print("first row held by each device after the shift:", np.asarray(compiled(x))[::8, 0].tolist())

# The partitioner makes the same instruction for a shift across the split axis.
auto = jax.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))
auto_rows = NamedSharding(auto, P("x"))
roll = jax.jit(lambda v: jnp.roll(v, 1, axis=0), in_shardings=auto_rows, out_shardings=auto_rows)
text = roll.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32)).compile().as_text()
print("jnp.roll by one row, partitioned:")
for line in text.splitlines():
    if " collective-permute(" in line:
        print(line.strip().split(", metadata=")[0])
