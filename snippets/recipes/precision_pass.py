import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp

# Which pass put the converts around the small bf16 product: the first snapshot that has one.
args = (jnp.ones((2, 3), jnp.bfloat16), jnp.ones((3, 2), jnp.bfloat16))
with tempfile.TemporaryDirectory() as folder:
    jax.jit(jnp.matmul).lower(*args).compile({"xla_dump_to": folder, "xla_dump_hlo_pass_re": ".*"})
    for path in sorted(Path(folder).glob("module_*.[0-9][0-9][0-9][0-9].*.txt")):
        if " convert(" in path.read_text():
            print("first snapshot with a convert:", path.name.split(".", 2)[2].split(".before_")[0])
            break
