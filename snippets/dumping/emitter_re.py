from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


x = jax.ShapeDtypeStruct((4,), jnp.float32)

# The same compile, once with --xla_dump_to alone and once per value of the emitter regex.
tries = {"plain": {}, "llvm": {"xla_dump_emitter_re": "llvm"},
         "mlir_fusion": {"xla_dump_emitter_re": "mlir-fusion"}, "all": {"xla_dump_emitter_re": ".*"}}
names = {}
for folder, options in tries.items():
    jax.clear_caches()  # a fresh compile each time
    jax.jit(f).lower(x).compile({"xla_dump_to": folder, **options})
    names[folder] = sorted(path.name.split(".", 2)[-1] for path in pathlib.Path(folder).iterdir())

print(f"--xla_dump_to alone: {len(names['plain'])} files")
for name in names["plain"]:
    print("   ", name)
for folder, options in list(tries.items())[1:]:
    extra = [name for name in names[folder] if name not in names["plain"]]
    print(f"\nadding xla_dump_emitter_re={options['xla_dump_emitter_re']!r}: {len(extra)} more")
    for name in extra:
        print("   ", name)
