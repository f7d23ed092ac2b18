from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/hardware/dump_names/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"  # read when the backend starts, below

import pathlib
import re

import jax
import jax.numpy as jnp

import target


def layer(x, w):
    return jnp.tanh(x @ w)


shapes = jax.ShapeDtypeStruct((128, 256), jnp.float32), jax.ShapeDtypeStruct((256, 512), jnp.float32)
target.compile(layer, *shapes)  # shapes, not arrays: no array is made, so no other module is dumped
names = sorted(path.relative_to("dump").as_posix() for path in pathlib.Path("dump").rglob("*") if path.is_file())
print(len(names), "files, all of module jit_layer:", all(".jit_layer" in name for name in names))
for name in names:
    print(re.sub(r"^module_\d{4}\.jit_layer", "…", name))
for path in pathlib.Path("dump").glob("*autotune_results.pbtxt"):
    print("autotune_results.pbtxt holds:", " ".join(path.read_text().split()))
for path in pathlib.Path("dump").glob("*memory-usage-report.txt"):
    spaces = re.findall(r"^Memory Space: (.*)$", path.read_text(), re.MULTILINE)
    print("memory-usage-report names the memory spaces:", "; ".join(spaces) if spaces else "none")
