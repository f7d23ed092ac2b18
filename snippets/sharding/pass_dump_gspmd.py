from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
os.environ["JAX_USE_SHARDY_PARTITIONER"] = "false"  # back to GSPMD

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))


def center(v):
    return v - v.mean(axis=0)


lowered = jax.jit(center, in_shardings=rows, out_shardings=rows).lower(
    jax.ShapeDtypeStruct((64, 16), jnp.float32)
)

# XLA logs to file descriptor 2 from C++. Catch it in a file for the duration of
# the compilation, then print each message without its timestamp and thread id.
with open("xla.log", "w+") as log:
    saved = os.dup(2)
    os.dup2(log.fileno(), 2)
    try:
        lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "spmd|propagation"})
    finally:
        os.dup2(saved, 2)
    log.seek(0)
    for message in log:
        print("logged:", message.split("] ", 1)[-1].strip())

names = sorted(re.sub(r"^module_\d+\.", "", n) for n in os.listdir("dump"))
print("\n".join(n for n in names if "spmd-partitioner" in n))
