import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import logging  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import numpy as np  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402


class DeviceAssignment(logging.Handler):
    """Prints the device assignment JAX logs (at DEBUG) when it sets XLA's compile options."""

    def emit(self, record):
        message = record.getMessage()
        if "num_partitions=8" in message:
            ids = re.sub(r"CpuDevice\(id=(\d+)\)", r"\1", message.split("get_compile_options: ")[1])
            print("compile options:", " ".join(ids.split()))


logging.getLogger("jax._src.compiler").setLevel(logging.DEBUG)
logging.getLogger("jax._src.compiler").addHandler(DeviceAssignment())

# A 2 x 4 mesh whose devices are not in id order: row 0 holds devices 0, 4, 1, 5.
order = [0, 4, 1, 5, 2, 6, 3, 7]
mesh = Mesh(np.array(jax.devices())[order].reshape(2, 4), ("data", "model"))
print("mesh.devices ids:", [[d.id for d in row] for row in mesh.devices])


def row_sum(block):  # block: f32[1,1], the number at this device's mesh position
    return jax.lax.psum(block, "model")  # the sum over this device's mesh row


f = jax.jit(jax.shard_map(row_sum, mesh=mesh, in_specs=P("data", "model"),
                          out_specs=P("data", "model")))
x = jax.device_put(jnp.arange(8.0).reshape(2, 4), NamedSharding(mesh, P("data", "model")))
lowered = f.lower(x)
sharding = re.search(r"parameter\(0\), sharding=(\{.*?\})", lowered.as_text(dialect="hlo")).group(1)
print("argument sharding in HLO:", sharding)
compiled = lowered.compile()
for line in compiled.as_text().splitlines():  # excerpt: the all-reduce, up to its groups
    if " all-reduce(" in line:
        print(line.strip().split(", use_global")[0])

# Each device's result, by device id: the groups are mesh rows, not ids 0-3 and 4-7.
sums = compiled(x)
by_device = {s.device.id: float(s.data[0, 0]) for s in sums.addressable_shards}
print("sum received by device id:", dict(sorted(by_device.items())))
