import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("data", "model"))


def gather_model(block):  # block: f32[4,4] on each device
    # to="invarying": the result is the same on every device of a "model" group,
    # which out_specs=P("data", None) requires.
    return jax.lax.all_gather(block, "model", axis=1, tiled=True, to="invarying")


f = jax.jit(jax.shard_map(gather_model, mesh=mesh, in_specs=P("data", "model"),
                          out_specs=P("data", None)))
arg = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(mesh, P("data", "model")))
text = f.lower(arg).compile().as_text()
for line in text.splitlines():  # excerpt: the all-gather, without metadata
    if " all-gather(" in line:
        print(line.strip().split(", metadata=")[0])

# Without to="invarying", shard_map cannot tell that the result is the same on
# every "model" device, and out_specs=P("data", None) is refused.
plain = jax.shard_map(lambda block: jax.lax.all_gather(block, "model", axis=1, tiled=True),
                      mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None))
try:
    jax.jit(plain).lower(arg)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
