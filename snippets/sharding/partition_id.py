from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
replicated = NamedSharding(mesh, P())
rows = NamedSharding(mesh, P("x", None))

# Every device holds the whole f32[64,16]; the result is split by rows, so each
# device keeps its own 8 rows. No data moves: each device only has to know which rows.
double = jax.jit(lambda v: v * 2, in_shardings=replicated, out_shardings=rows)
lowered = double.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32))
compiled = lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "spmd-partitioning"})


def computations(text):
    """Excerpt: the computations of an HLO module (no header, no tables), without metadata."""
    body = text[text.index("\n%") + 1:] if "\n%" in text else text[text.index("ENTRY"):]
    return "\n".join(l.split(", metadata=")[0] for l in body.splitlines() if l.strip())


(after,) = [n for n in os.listdir("dump") if n.endswith(".after_spmd-partitioning.before_control-dep-rewriter.txt")]
print("--- right after spmd-partitioning")
print(computations(open(os.path.join("dump", after)).read()))
print("--- compiled")
print(computations(compiled.as_text()))

# The same, split over both axes of a 2 x 4 mesh: are the offset tables still there?
mesh2 = jax.make_mesh((2, 4), ("data", "model"))
both = jax.jit(lambda v: v * 2, in_shardings=NamedSharding(mesh2, P()),
               out_shardings=NamedSharding(mesh2, P("data", "model")))
text = both.lower(jax.ShapeDtypeStruct((64, 16), jnp.float32)).compile().as_text()
print("--- compiled, 2 x 4 mesh, the tables and the fusion")
print(*[l.strip().split(", metadata=")[0] for l in text.splitlines() if "s32[8]{0} constant(" in l or " fusion(" in l],
      sep="\n")
