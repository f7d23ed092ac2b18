from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.numpy as jnp
import numpy as np

# Constants of several sizes, ranks and dtypes, each in a module of its own: which ones does the text elide?
cases = [((10,), np.float32), ((11,), np.float32), ((2, 5), np.float32), ((3, 4), np.float32),
         ((10,), np.int16), ((11,), np.int16), ((12,), np.complex64)]
for i, (shape, dtype) in enumerate(cases):
    table = (np.arange(np.prod(shape)).reshape(shape) * 3 + 1).astype(dtype)
    jax.jit(lambda x, table=table: x * table).lower(jax.ShapeDtypeStruct(shape, dtype)).compile(
        {"xla_dump_to": f"dump_{i}"})
    (path,) = pathlib.Path(f"dump_{i}").glob("*.before_optimizations.txt")
    line = next(line for line in path.read_text().splitlines() if " constant(" in line)
    print(line.split(" = ")[1][:72])
