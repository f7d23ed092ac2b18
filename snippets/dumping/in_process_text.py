import pathlib

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


lowered = jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32))

# Before optimization: two spellings of the same text.
hlo = lowered.as_text("hlo")
print(hlo == lowered.compiler_ir("hlo").as_hlo_text())
print(hlo)

# After optimization: what compile().as_text() returns is the dump's after-optimizations file.
compiled = lowered.compile({"xla_dump_to": "dump"})
(after,) = pathlib.Path("dump").glob("*.cpu_after_optimizations.txt")
print(compiled.as_text() == after.read_text(), "<-", after.name)
