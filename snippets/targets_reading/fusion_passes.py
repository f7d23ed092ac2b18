from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/targets_reading/fusion_passes/ (git-ignored)

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_pass_re=.*"  # read when the backend starts

import pathlib
import re

import jax
import jax.numpy as jnp

import target


def chain(x):
    return jnp.sin(x) * 2 + jnp.cos(x)


target.compile(chain, jax.ShapeDtypeStruct((8, 16), jnp.float32))
# A snapshot's name: module_N.jit_chain[.cl_BUILD].[PREFIX.]NNNN.PIPELINE.after_PASS.before_NEXT.txt
passes, pipelines = {}, set()
for path in pathlib.Path("dump").glob("*.after_*.before_*.txt"):
    found = re.search(r"\.(\d{4})\.([\w-]+)\.after_([\w-]+)\.before_", path.name)
    if found:
        pipelines.add(found.group(2))
        passes.setdefault(found.group(3), set()).add(found.group(2))
print("snapshots:", len(list(pathlib.Path("dump").glob("*.after_*.before_*.txt"))))
for name in sorted(name for name in passes if "fusion" in name):
    print(f"pass {name}, in pipeline {', '.join(sorted(passes[name]))}")
print("pipelines with 'fusion' in their name:", ", ".join(sorted(name for name in pipelines if "fusion" in name)) or "none")
