import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))


def block_total(block):  # runs once per device on its f32[8,16] block
    partial = block.sum(axis=0)  # f32[16], this device's rows only
    return jax.lax.psum(partial, "x")  # f32[16], the same on every device


total = jax.jit(jax.shard_map(block_total, mesh=mesh, in_specs=P("x"), out_specs=P()))
x = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("x")))

print(jax.make_jaxpr(total)(x).pretty_print(source_info=True))  # with each equation's line
hlo = total.lower(x).compile().as_text()
print("compiled HLO, excerpt:")
for line in hlo.splitlines():
    if " all-reduce(" in line:
        print(line.strip().split(", metadata=")[0])
print("result:", total(x)[:4], "...")
