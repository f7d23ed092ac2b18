import os
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("data", "model"))
specs = [P("data", "model"), P("model", "data"), P("data", None), P(None, "model"), P()]
arg = jax.ShapeDtypeStruct((8, 16), jnp.float32)

# One parameter per spec; read each parameter's sharding from the HLO text.
f = jax.jit(lambda *xs: xs, in_shardings=[NamedSharding(mesh, s) for s in specs])
hlo = f.lower(*[arg] * len(specs)).as_text(dialect="hlo")
params = re.findall(r"parameter\((\d+)\), sharding=(\{[^}]*\})", hlo)
for (index, sharding), spec in zip(sorted(params, key=lambda p: int(p[0])), specs):
    print(f"{str(spec):22} {sharding}")
