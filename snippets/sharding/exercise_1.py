import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x"))

largest = jax.jit(jnp.max, in_shardings=rows)
text = largest.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32)).compile().as_text()

lines = text.splitlines()
for line in lines:  # excerpt: the all-reduce, without metadata
    if " all-reduce(" in line:
        print(line.strip().split(", metadata=")[0])
        combiner = line.split("to_apply=")[1].split(",")[0]  # e.g. %region_0.0.clone
# ... and the computation it applies to pairs of values:
start = next(i for i, l in enumerate(lines) if l.startswith(combiner + " "))
print("\n".join(l.split(", metadata=")[0] for l in lines[start:start + 5]))
