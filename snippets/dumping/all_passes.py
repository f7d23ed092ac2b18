from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib
import re

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


def pass_files(folder):
    # Only the per-pass files carry a 4-digit step number after the module name.
    return sorted(p.name.removeprefix("module_0000.jit_f.") for p in pathlib.Path(folder).iterdir()
                  if re.search(r"\.\d{4}\.", p.name))


x = jax.ShapeDtypeStruct((4,), jnp.float32)
jax.jit(f).lower(x).compile({"xla_dump_to": "passes", "xla_dump_hlo_pass_re": ".*"})
steps = pass_files("passes")
print(len(steps), "per-pass files; the module name prefix is cut off below")
for name in steps:
    print("   ", name)

# The same compile with a narrower regex (a new option, so no cache hit).
jax.jit(f).lower(x).compile({"xla_dump_to": "algsimp", "xla_dump_hlo_pass_re": "algsimp"})
print("\nfiles written right after an algsimp run:")
print("    with the regex .*     :", sum(".after_algsimp." in name for name in steps))
print("    with the regex algsimp:", sum(".after_algsimp." in name for name in pass_files("algsimp")))
