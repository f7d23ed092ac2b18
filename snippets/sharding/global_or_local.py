from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))


def square(v):
    return v * v


# The dump holds the module before and after XLA's passes; compare the two.
jax.jit(square, in_shardings=rows, out_shardings=rows).lower(
    jax.ShapeDtypeStruct((64, 16), jnp.float32)
).compile({"xla_dump_to": "dump"})

for suffix in ("before_optimizations.txt", "cpu_after_optimizations.txt"):
    (name,) = [n for n in os.listdir("dump") if n.endswith(suffix)]
    lines = open(os.path.join("dump", name)).read().splitlines()
    # Excerpt: the header without its frontend attributes, then the ENTRY line and
    # its parameter, without metadata.
    print(f"--- {suffix}")
    print(lines[0].split(", frontend_attributes")[0])
    entry = next(i for i, line in enumerate(lines) if line.startswith("ENTRY"))
    for line in lines[entry:]:
        if line.startswith("ENTRY") or " parameter(0)" in line:
            print(line.split(", frontend_attributes")[0].split(", metadata=")[0])
