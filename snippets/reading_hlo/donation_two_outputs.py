from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob
import re

import jax
import jax.numpy as jnp


def sum_and_double(x):
    return x.sum(), x * 2  # two results; the second has x's shape and dtype


x = jnp.ones((8, 16))
compiled = jax.jit(sum_and_double, donate_argnums=0).lower(x).compile({"xla_dump_to": "dump"})
text = compiled.as_text()
print("optimized header:", re.search(r"input_output_alias=\{.*?\) \}", text).group(0))
entry = text.split("\nENTRY")[1]
print("ENTRY's ROOT:", next(line for line in entry.splitlines() if line.startswith("  ROOT")).split(", metadata")[0].strip())

# The buffer assignment: each allocation is a line followed by the values it holds.
(assignment,) = glob.glob("dump/*cpu_after_optimizations-buffer-assignment.txt")
allocations = open(assignment).read().split("\nallocation ")
for allocation in allocations:
    if "parameter 0" in allocation or "output shape is" in allocation:
        first, *values = allocation.splitlines()
        print("allocation " + re.sub(r", page \d+,", ",", first))
        for value in values:
            print("   ", value.strip())

compiled(x)
print("alias_size_in_bytes:", compiled.memory_analysis().alias_size_in_bytes, " x.is_deleted():", x.is_deleted())
