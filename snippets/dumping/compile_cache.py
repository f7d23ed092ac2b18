from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


x = jax.ShapeDtypeStruct((4,), jnp.float32)
options = {"xla_dump_to": "dump"}


def report(what):
    print(f"{what:<40} {len(list(pathlib.Path('dump').iterdir()))} files")


jax.jit(f).lower(x).compile(options)
report("first compile:")

jax.jit(f).lower(x).compile(options)  # same function, shapes and options: a cache hit
report("the same compile again:")

jax.config.update("jax_enable_compilation_cache", False)  # the on-disk cache only
jax.jit(f).lower(x).compile(options)
report("with jax_enable_compilation_cache off:")

jax.clear_caches()  # empties the in-memory caches: the next compile is a real one
jax.jit(f).lower(x).compile(options)
report("after jax.clear_caches():")

jax.jit(f).lower(x).compile({**options, "xla_dump_large_constants": True})  # one more option
report("with one compile option added:")

jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.bfloat16)).compile(options)  # same shape, another dtype
report("the same shape in bfloat16:")

jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32, weak_type=True)).compile(options)  # float32, weakly typed
report("the same in a weakly typed float32:")

jax.jit(f, donate_argnums=0).lower(x).compile(options)  # same argument, donated
report("with donate_argnums=0:")
