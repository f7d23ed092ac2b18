import os
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
rows = NamedSharding(mesh, P("x", None))


def center(v):  # subtract each column's mean: the mean needs all 64 rows
    return v - v.mean(axis=0)


lowered = jax.jit(center, in_shardings=rows, out_shardings=rows).lower(
    jax.ShapeDtypeStruct((64, 16), jnp.float32)
)
# XLA flags as compile options: they apply to this one compilation only.
lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "spmd|propagation"})

# The module_NNNN prefix counts modules compiled so far in the process; drop it.
names = sorted(re.sub(r"^module_\d+\.", "", n) for n in os.listdir("dump"))
print("\n".join(names))


def entry(suffix):
    """Excerpt: the ENTRY computation of the dump file ending in `suffix`, no metadata."""
    (path,) = [n for n in os.listdir("dump") if n.endswith(suffix)]
    text = open(os.path.join("dump", path)).read()
    return "\n".join(l.split(", metadata=")[0] for l in text[text.index("ENTRY"):].splitlines())


print("\n--- before spmd-partitioning")
print(entry("before_spmd-partitioning.txt"))
print("--- after spmd-partitioning")
print(entry("after_spmd-partitioning.before_control-dep-rewriter.txt"))
