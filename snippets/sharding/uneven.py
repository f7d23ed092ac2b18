import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P  # noqa: E402

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

# And a result with that sharding.
try:
    jax.jit(lambda v: 2 * v, out_shardings=rows)(jnp.ones((63, 16)))
except Exception as e:
    print("jit result:", type(e).__name__)

# Inside jit, in explicit mode, a reshard to that split is refused too.
try:
    with jax.set_mesh(mesh):
        jax.jit(lambda v: jax.reshard(2 * v, P("x"))).lower(jax.ShapeDtypeStruct((63, 16), jnp.float32))
except Exception as e:
    print("reshard inside jit:", type(e).__name__)

# One fix: pad to a multiple of the axis size, and mask or slice the padding later.
padded = jnp.pad(jnp.ones((63, 16)), ((0, 1), (0, 0)))
x = jax.device_put(padded, rows)
print("padded:", jax.typeof(x), "per device:", x.addressable_shards[0].data.shape)


# Inside jit, on a mesh in auto mode, an intermediate value may be split unevenly:
# the partitioner pads it. Excerpt: the fused computation that pads, cuts and masks
# (without metadata), and the ENTRY's all-reduce.
auto = NamedSharding(jax.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,)), P("x"))
f = jax.jit(lambda v: jnp.sin(jax.lax.with_sharding_constraint(2 * v, auto)).sum(0))
text = f.lower(jax.ShapeDtypeStruct((63, 16), jnp.float32)).compile().as_text()
print("auto mode, with_sharding_constraint on 63 rows, compiled:")
body = next(c for c in text.split("\n\n") if " select(" in c and " pad(" in c)
for line in body.strip().splitlines() + [l for l in text.splitlines() if " all-reduce(" in l]:
    print(" ", line.strip().split(", metadata=")[0].split(", channel_id")[0])
