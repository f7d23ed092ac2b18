from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("data", "model"))
specs = [P("data", "model"), P("model", "data"), P("data", None), P(None, "model"), P()]
arg = jax.ShapeDtypeStruct((8, 16), jnp.float32)

# One parameter per spec. Read each parameter's sharding twice: in the HLO text JAX
# prints, and in the module XLA starts compiling from (its dump before optimizations).
f = jax.jit(lambda *xs: xs, in_shardings=[NamedSharding(mesh, s) for s in specs])
lowered = f.lower(*[arg] * len(specs))
compiled = lowered.compile({"xla_dump_to": "dump"})
(name,) = [n for n in os.listdir("dump") if n.endswith("before_optimizations.txt")]


def shardings(hlo):
    found = re.findall(r"parameter\((\d+)\), sharding=(\{.*?\})(?:, metadata|, frontend_attributes|$)", hlo, re.M)
    return [sharding for _, sharding in sorted(found, key=lambda p: int(p[0]))]


jax_text = shardings(lowered.as_text(dialect="hlo"))
xla_text = shardings(open(os.path.join("dump", name)).read())
heading = 'as_text(dialect="hlo")'
print(f"{'spec':20} {heading:54} XLA's dump before optimizations")
for spec, ours, xla in zip(specs, jax_text, xla_text):
    print(f"{str(spec):20} {ours:54} {xla}")

# Second cases for two rules of the page, on this 2-D mesh and its five shardings:
# XLA's own module carries no Shardy attribute, and the compiled module no sharding.
print("xla.sdy in XLA's dump before optimizations:", "xla.sdy" in open(os.path.join("dump", name)).read())
print("sharding= in the compiled module:", "sharding=" in compiled.as_text())
