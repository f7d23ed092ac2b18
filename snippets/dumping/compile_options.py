from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


x = jax.ShapeDtypeStruct((4,), jnp.float32)  # a shape is enough to lower and compile

# 1. Options for one compilation, given to .compile(): no XLA_FLAGS, no restart.
jax.jit(f).lower(x).compile({"xla_dump_to": "by_compile", "xla_dump_hlo_pass_re": "fusion"})
print("lower(...).compile({...}) wrote:")
for path in sorted(pathlib.Path("by_compile").iterdir()):
    print("   ", path.name)

# 2. The same options attached to the jitted function: used whenever it compiles.
g = jax.jit(f, compiler_options={"xla_dump_to": "by_jit"})
g.lower(x).compile()
print("jax.jit(f, compiler_options={...}) wrote", len(list(pathlib.Path("by_jit").iterdir())), "files")
