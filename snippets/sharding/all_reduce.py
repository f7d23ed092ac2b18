import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402  (snippets/target.py: the devices of the CPU or a TPU or GPU)

mesh = jax.make_mesh((8,), ("x",), devices=target.devices(8))  # the CPU, or LIVE_TARGET's
cols = NamedSharding(mesh, P(None, "x"))  # a: f32[16,64], its 64 columns split
rows = NamedSharding(mesh, P("x", None))  # b: f32[64,16], its 64 rows split
replicated = NamedSharding(mesh, P())

# The contracting dimension (64) is split: each device multiplies its own 8-wide
# slice and holds a partial f32[16,16]. Summing the partials needs communication.
matmul = jax.jit(lambda a, b: a @ b, in_shardings=(cols, rows), out_shardings=replicated)
text = matmul.lower(
    jax.ShapeDtypeStruct((16, 64), jnp.float32), jax.ShapeDtypeStruct((64, 16), jnp.float32)
).compile().as_text()

# Excerpt: the instructions of the compiled module that communicate, without metadata.
for line in text.splitlines():
    if " all-reduce(" in line:
        print(line.strip().split(", metadata=")[0])
