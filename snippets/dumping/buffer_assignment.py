from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import pathlib  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

# Shapes only: jax.eval_shape traces without running, so nothing else gets compiled.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
jax.jit(loss).lower(params, x, y).compile()  # compiling is enough to write the dump

dump = pathlib.Path("dump")


def read(suffix):
    (path,) = dump.glob(f"*.jit_loss.cpu_after_optimizations{suffix}")
    return path.name, path.read_text()


name, text = read("-buffer-assignment.txt")
print(f"== {name} (all of it)")
print(text.strip())

name, text = read("-buffer-assignment-values.txt")
print(f"\n== {name} (the first value)")
print("\n".join(text.strip().splitlines()[:9]))

name, text = read("-live-range.txt")
print(f"\n== {name} (its section headings)")
for line in text.splitlines():
    if line.rstrip().endswith(":") or "breakdown" in line:
        print(line)

name, text = read("-memory-usage-report.txt")
print(f"\n== {name} (the total, then each allocation's rows, in the order listed)")
print(text.splitlines()[1])
for line in text.splitlines():
    if line.count(";") == 4 and "cumulative_size" not in line:
        print(line)
