from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

# Before `import jax`: XLA reads XLA_FLAGS once, when its CPU backend starts.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import collections  # noqa: E402
import pathlib  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

params = init_params()
x, y = example_batch()
x = x + 0.1 * jax.random.normal(jax.random.key(0), x.shape)  # eager calls: each one compiles too
jax.jit(loss)(params, x, y)

dump = pathlib.Path("dump")
files = sorted(str(p.relative_to(dump)) for p in dump.rglob("*") if p.is_file())
# Every name starts with module_NNNN.jit_NAME: count the files of each module.
per_module = collections.Counter(".".join(f.split("/")[0].split(".")[:2]) for f in files)
print(f"{len(files)} files from {len(per_module)} modules")
for module, count in sorted(per_module.items()):
    print(f"  {module:<38} {count:>2} files")

print("\nThe files of jit_loss:")
for name in files:
    if ".jit_loss" in name:
        print(" ", name)
