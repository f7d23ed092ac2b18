from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/sharding/pass_dump_targets/ (git-ignored), the same on every run

import os
import pathlib
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # the CPU's 8 devices

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402

mesh = Mesh(np.array(target.devices(8)), ("x",))
rows = NamedSharding(mesh, P("x", None))


def center(v):  # the pass_dump.py function: subtract each column's mean over 64 rows
    return v - v.mean(axis=0)


lowered = jax.jit(center, out_shardings=rows).trace(jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=rows)).lower()
print("compiled for 8 devices:", mesh.devices.flat[0].device_kind if mesh.devices.flat[0].platform != "cpu" else "cpu")
for pattern in ("shardy|spmd", "propagation"):
    folder = pathlib.Path("dump_" + pattern.replace("|", "_"))
    lowered.compile({"xla_dump_to": str(folder), "xla_dump_hlo_pass_re": pattern})
    steps = sorted(path.name for path in folder.glob("*.txt") if re.search(r"\.\d{4}\.", path.name))
    print(f"pattern {pattern!r}: {len(steps)} files")
    for name in steps:  # without module_NNNN.jit_center., libtpu's cl_NNN. and the step number
        print("  ", re.sub(r"^module_\d{4}\.jit_center\.(cl_\d+\.)?\d{4}\.", "", name))
