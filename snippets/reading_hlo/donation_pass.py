from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob
import re

import jax
import jax.numpy as jnp

# Dump the module after every pass, then find the first one whose header aliases.
for label, shape in [("f32[8,16] transposed", (8, 16)), ("f32[64,32] transposed", (64, 32))]:
    folder = "dump_" + label.split()[0].replace("[", "").replace("]", "").replace(",", "x")
    jax.jit(lambda x: x.T * 2, donate_argnums=0).lower(jnp.ones(shape)).compile(
        {"xla_dump_to": folder, "xla_dump_hlo_pass_re": ".*"})
    for path in sorted(glob.glob(f"{folder}/*.txt")):
        if "input_output_alias=" in open(path).readline():
            print(f"{label}: first aliased in", re.sub(r"^module_\d+\.jit__lambda\.", "", path.split("/")[-1]))
            break
