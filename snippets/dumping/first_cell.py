from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

# A notebook's first cell: the import alone does not start a backend, so the
# flags still count if they are set before the first computation.

import os

import jax
import jax.numpy as jnp

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump_cell_1"  # after the import, before any computation


def double(x):
    return 2 * x


jax.jit(double)(1.0)  # the backend starts here and reads XLA_FLAGS

# A later cell changes its mind. The running backend never looks again.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump_cell_2"


def triple(x):
    return 3 * x


jax.jit(triple)(1.0)
print("dump_cell_2 exists:", os.path.isdir("dump_cell_2"))
print("dump_cell_1 holds:")
for name in sorted(os.listdir("dump_cell_1")):
    if name.endswith("before_optimizations.txt"):
        print("   ", name)
