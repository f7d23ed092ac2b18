from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/fft_thunks/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"  # read when the backend starts, below

import pathlib
import re

import jax
import jax.numpy as jnp

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# Two of the page's forms, compiled for shapes; a GPU compile's dump lists the thunks its
# executable runs, in order, in *.thunk_sequence.txt: one line each, its kind and its name.
forms = [
    ("rfft", jnp.fft.rfft, (jax.ShapeDtypeStruct((256,), jnp.float32),)),
    ("fft2, then a product", lambda a, k: jnp.fft.fft2(a) * k,
     (jax.ShapeDtypeStruct((8, 16, 32), jnp.complex64), jax.ShapeDtypeStruct((16, 32), jnp.complex64))),
]
if target.only("cuda"):
    for label, function, shapes in forms:
        function = jax.jit(function)
        target.compile_jitted(function, *shapes)
        (sequence,) = pathlib.Path("dump").glob("*.thunk_sequence.txt")  # this compile's, the only one
        thunks = [f"{m[1]}{'' if m[2].startswith('(') else ' ' + m[2]}"
                  for m in re.finditer(r"^\d+: (\w+) +\[[^\]]*\] (\S+)", sequence.read_text(), re.MULTILINE)]
        print(f"{label}: {' -> '.join(thunks)}")
        sequence.unlink()
