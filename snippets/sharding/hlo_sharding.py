import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))


def square(v):
    return v * v


lowered = jax.jit(square, in_shardings=rows, out_shardings=rows).lower(
    jax.ShapeDtypeStruct((64, 16), jnp.float32)
)
print(lowered.as_text(dialect="hlo"))  # HLO before any pass: still global shapes
