from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import functools  # noqa: E402
import pathlib  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

x = jax.ShapeDtypeStruct((4,), jnp.float32)


def scale(x, factor):
    return x * factor


def squash(x):
    return jnp.tanh(x)


named_later = lambda x: x + 1  # noqa: E731
named_later.__name__ = "add_one"


class Halve:  # a callable object: no __name__ of its own
    def __call__(self, x):
        return x / 2


jax.jit(lambda x: x * 2).lower(x).compile()
jax.jit(functools.partial(scale, factor=3.0)).lower(x).compile()
jax.jit(functools.partial(scale, factor=4.0)).lower(x).compile()
jax.jit(jax.grad(lambda x: (x**2).sum())).lower(x).compile()
jax.jit(squash).lower(x).compile()
jax.jit(named_later).lower(x).compile()
jax.jit(Halve()).lower(x).compile()

dump = pathlib.Path("dump")
print("Modules, in compile order:")
for path in sorted(dump.glob("*.before_optimizations.txt")):
    print("   ", path.name.removesuffix(".before_optimizations.txt"))

# What `rg -n 'tanh\(' dump/*before_optimizations.txt` does, in Python:
print("\nbefore_optimizations files that contain 'tanh(':")
for path in sorted(dump.glob("*.before_optimizations.txt")):
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if "tanh(" in line:
            print(f"    {path.name}:{number}: {line.strip()[:60]} ...")
