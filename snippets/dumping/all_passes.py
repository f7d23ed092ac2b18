import pathlib
import re

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


x = jax.ShapeDtypeStruct((4,), jnp.float32)
jax.jit(f).lower(x).compile({"xla_dump_to": "passes", "xla_dump_hlo_pass_re": ".*"})

# Only the per-pass files carry a 4-digit step number after the module name.
steps = sorted(p.name for p in pathlib.Path("passes").iterdir() if re.search(r"\.\d{4}\.", p.name))
print(len(steps), "per-pass files; the module name prefix is cut off below")
for name in steps:
    print("   ", name.removeprefix("module_0000.jit_f."))
