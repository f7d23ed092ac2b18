from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import difflib
import re
import shutil
from pathlib import Path

import jax
import jax.numpy as jnp

from examples import X


def scaled_tanh(x):
    return jnp.tanh(x * 2.0 + 1.0) / 2.0


shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
jax.jit(scaled_tanh).lower(X).compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
files = sorted(Path("dump").glob("*.txt"))


def text(path):
    """The module in a dump file, without metadata (as on the rest of this page)."""
    return re.sub(r", metadata=\{[^}]*\}", "", path.read_text()).splitlines()


# The snapshot taken right after algsimp changed the module, and the one before it.
after = next(i for i, p in enumerate(files) if ".after_algsimp." in p.name)
before = after - 1
print("before:", files[before].name.split(".", 2)[2])
print("after: ", files[after].name.split(".", 2)[2])
diff = difflib.unified_diff(text(files[before]), text(files[after]), "before", "after", n=1, lineterm="")
print("\n".join(diff))
