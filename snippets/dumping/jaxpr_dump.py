from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

# JAX's own dumps, written before XLA sees the program (no XLA_FLAGS needed).
os.environ["JAX_DUMP_IR_TO"] = "jax_ir"
os.environ["JAX_DUMP_IR_MODES"] = "jaxpr,stablehlo"

import pathlib  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


def f(x):
    return jnp.sin(jnp.cos(x))


jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32)).compile()

for path in sorted(pathlib.Path("jax_ir").iterdir()):
    print(path.name)
(jaxpr,) = pathlib.Path("jax_ir").glob("*.jaxpr.txt")
print(f"\n== {jaxpr.name}")
print(jaxpr.read_text().strip())
