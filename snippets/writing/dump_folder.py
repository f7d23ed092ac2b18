from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os  # noqa: E402

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import pathlib  # noqa: E402

import jax  # noqa: E402

jax.jit(lambda x: x * 2 + 1).lower(1.0).compile()  # compiling writes the dump
print("now in", pathlib.Path.cwd().relative_to(pathlib.Path.cwd().parents[2]))
for path in sorted(pathlib.Path("dump").glob("*.txt")):
    print(path)
