from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/scatter_add_ptx/ (git-ignored), the same on every run

import os

# --xla_dump_emitter_re=ptx: a GPU compile also writes each module's PTX, the code its kernels become.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_emitter_re=ptx"  # read when the backend starts, below

import pathlib
import re

import jax
import jax.numpy as jnp

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# x.at[idx].add(v) into [64, 16] rows, without and with each promise, for 4 and 4096 index rows.
promises = {"no promise": {}, "indices_are_sorted": {"indices_are_sorted": True}, "unique_indices": {"unique_indices": True}}
if target.only("cuda"):
    for rows in (4, 4096):
        shapes = [jax.ShapeDtypeStruct(s, t) for s, t in (((64, 16), jnp.float32), ((rows,), jnp.int32), ((rows, 16), jnp.float32))]
        for n, flags in enumerate(promises.values()):
            def scatter(x, idx, v, flags=flags):
                return x.at[idx].add(v, **flags)

            scatter.__name__ = f"case{rows}_{n}"  # the dump's file names carry it
            target.compile(scatter, *shapes)
    for rows in (4, 4096):
        for n, label in enumerate(promises):
            ptx = "".join(path.read_text() for path in sorted(pathlib.Path("dump").glob(f"*.jit_case{rows}_{n}.*ptx")))
            writes = re.findall(r"^\s*((?:atom|red|st)\.[\w.]*global[\w.]*)", ptx, re.MULTILINE)  # stores to memory
            shown = ", ".join(f"{op} x{writes.count(op)}" for op in sorted(set(writes)))
            print(f"{rows:>4} index rows, {label + ':':19} {len(ptx.splitlines()):3} lines of PTX; writes: {shown}")
