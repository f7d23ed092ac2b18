import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # the CPU's 8 devices

import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402

mesh = Mesh(np.array(target.devices(8)), ("x",))
# The one-layer step of the simulator section: the contraction split over 8 devices.
layer = jax.jit(lambda a, b: jnp.tanh(a @ b), out_shardings=NamedSharding(mesh, P()))
for n in (64, 512):
    a = jax.ShapeDtypeStruct((n, n), jnp.float32, sharding=NamedSharding(mesh, P(None, "x")))
    b = jax.ShapeDtypeStruct((n, n), jnp.float32, sharding=NamedSharding(mesh, P("x", None)))
    text = target.compile_jitted(layer, a, b).as_text()
    print(f"--- f32[{n},{n}] @ f32[{n},{n}] on 8 devices: {mesh.devices.flat[0].device_kind}")
    computation = None
    for line in text.splitlines():
        if line and not line.startswith(" "):  # a computation's header: `%name (...` or `ENTRY %name (...`
            computation = line.split(" (")[0].split()[-1]
        found = re.search(r"= (.+?) ([a-z-]+)\(", line)
        if found and ("all-reduce" in found.group(2) or found.group(2).endswith(("-start", "-done"))):
            calls = re.search(r"calls=(%[\w.-]+)", line)
            kind = re.search(r'"kind":"(__\w+)"', line)  # a GPU fusion's kind, in its backend_config
            print(f"  in {computation:28} {found.group(2):12} {found.group(1)}" + (f"  calls={calls.group(1)}" if calls else "")
                  + (f" {kind.group(1)}" if kind else ""))
