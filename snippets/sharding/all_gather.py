import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))
replicated = NamedSharding(mesh, P())

# The input arrives split by rows; the result must sit whole on every device.
square = jax.jit(lambda v: v * v, in_shardings=rows, out_shardings=replicated)
text = square.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32)).compile().as_text()

# Excerpt: the ENTRY computation, without metadata.
entry = text[text.index("ENTRY"):]
for line in entry.splitlines():
    print(line.split(", metadata=")[0])
