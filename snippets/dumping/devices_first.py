from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

# A first cell that only looks at the devices, then a cell that sets the flags.
import os

import jax

print(jax.devices())  # no computation, but the backend starts here

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"
jax.jit(lambda x: 2 * x)(1.0)
print("dump exists:", os.path.isdir("dump"))
