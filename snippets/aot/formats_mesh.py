import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402


def f(a, b):
    return a @ b, a.sum()


mesh = jax.make_mesh((2,), ("x",))
rows = NamedSharding(mesh, P("x", None))
# a ShapeDtypeStruct can carry a sharding: a is split by rows over the two devices
a = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=rows)
b = jax.ShapeDtypeStruct((16, 4), jnp.float32, sharding=NamedSharding(mesh, P()))
traced = jax.jit(f).trace(a, b)
compiled = traced.lower().compile()

print("input_shardings:")
for s in jax.tree.leaves(compiled.input_shardings):
    print("  ", s)
print("output_shardings:")
for s in jax.tree.leaves(compiled.output_shardings):
    print("  ", s)
print("input_formats:")
for fmt in jax.tree.leaves(compiled.input_formats):
    print("  ", fmt)
header = compiled.as_text().splitlines()[0]
print("HLO:", header[header.index("entry_computation_layout"):])
# on an Explicit mesh the sharding is part of the type: tracing knows it, the layout waits for compiling
print("traced.out_info[0]:", traced.out_info[0])
