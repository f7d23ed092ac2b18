from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

# The same program as before, but only modules whose name matches the regex are dumped.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_module_re=jit_loss"

import pathlib  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

params = init_params()
x, y = example_batch()
x = x + 0.1 * jax.random.normal(jax.random.key(0), x.shape)
jax.jit(loss)(params, x, y)

dump = pathlib.Path("dump")
top = sorted(p.name for p in dump.iterdir())
print(len([n for n in top if not (dump / n).is_dir()]), "files at the top of dump/:")
for name in top:
    if not (dump / name).is_dir():
        print("   ", name)
folders = [n for n in top if (dump / n).is_dir()]
print(len(folders), "subfolders (module.mlir and the compile options); the first three:")
for name in folders[:3]:
    print("   ", name + "/")

# The same filter with --xla_dump_hlo_unoptimized_snapshots, in a fresh process: the
# filter no longer applies, and no other kind of file is written.
import subprocess  # noqa: E402
import sys  # noqa: E402

env = dict(os.environ, XLA_FLAGS="--xla_dump_to=snapshots --xla_dump_hlo_module_re=jit_loss"
           " --xla_dump_hlo_unoptimized_snapshots")
subprocess.run([sys.executable, "-c", "import jax, jax.numpy as jnp\n"
                "jax.jit(lambda x: x * 2)(jnp.ones(3))"], env=env, check=True)
names = sorted(p.name for p in pathlib.Path("snapshots").iterdir())
print("with --xla_dump_hlo_unoptimized_snapshots too:", len(names), "files of",
      sorted({n.split(".")[1] for n in names}), "all ending",
      sorted({n.split(".", 3)[3] for n in names}))
