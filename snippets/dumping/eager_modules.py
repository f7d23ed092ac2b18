from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import pathlib  # noqa: E402
import re  # noqa: E402

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

a = jnp.asarray(np.ones(4, np.float32))
b = jnp.asarray(np.ones(4, np.int16))
c = jnp.asarray(np.ones(2, np.float32))
seen = set(pathlib.Path("dump").glob("*.before_optimizations.txt"))
# Eager additions: f32[4] twice, then s16[4], then f32[2].
for label, (left, right) in {"f32[4] + f32[4]": (a, a), "f32[4] + f32[4] again": (a, a),
                             "s16[4] + s16[4]": (b, b), "f32[2] + f32[2]": (c, c)}.items():
    left + right
    new = sorted(set(pathlib.Path("dump").glob("*.before_optimizations.txt")) - seen)
    seen |= set(new)
    signatures = [re.search(r"ENTRY %\S+ (\(.*\)) ->", path.read_text()).group(1) for path in new]
    print(f"{label:<23} new modules: {[path.name.split('.')[1] for path in new]} {signatures}")
