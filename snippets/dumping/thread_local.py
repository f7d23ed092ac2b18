from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib
import re

import jax
import jax.numpy as jnp

# Three instructions that apply a computation of their own: which values become thread-local?
programs = {"sort": jnp.sort, "cumsum": jnp.cumsum, "sum": jnp.sum}
for name, function in programs.items():
    jax.jit(function).lower(jax.ShapeDtypeStruct((4096,), jnp.float32)).compile({"xla_dump_to": name})
    (path,) = pathlib.Path(name).glob("*.cpu_after_optimizations-buffer-assignment.txt")
    values = re.findall(r"thread-local:\n value: <\d+ (\S+) @", path.read_text())
    print(f"jnp.{name} of f32[4096]: {len(values)} thread-local values, {', '.join(values)}")

# The same operations at another dtype or length: the count follows what the optimized module keeps.
print("\nother dtypes and lengths:")
for name, dtype, n in [("sum", jnp.int32, 4096), ("sort", jnp.int32, 4096), ("cumsum", jnp.float32, 16),
                       ("sum", jnp.float32, 1)]:
    folder = f"{name}_{jnp.dtype(dtype).name}_{n}"
    jax.jit(programs[name]).lower(jax.ShapeDtypeStruct((n,), dtype)).compile({"xla_dump_to": folder})
    (path,) = pathlib.Path(folder).glob("*.cpu_after_optimizations-buffer-assignment.txt")
    count = len(re.findall(r"thread-local:\n value: ", path.read_text()))
    print(f"    jnp.{name}, {jnp.dtype(dtype).name}[{n}]: {count}")
