from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/dump_my_function/ (git-ignored), the same on every run

import os

# --8<-- [start:your-function]
# The module of a jitted function is named jit_ + its __name__: put yours in the regex.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_module_re=^jit_predict$ --xla_dump_hlo_as_text"

import jax  # noqa: E402  (after XLA_FLAGS: the flags are read when the backend starts)
import jax.numpy as jnp  # noqa: E402


def predict(w, x):
    return jax.nn.softmax(jnp.tanh(x @ w), axis=-1)


jitted = jax.jit(predict)
args = (jnp.ones((64, 64)), jnp.ones((8, 64)))
# --8<-- [end:your-function]

# Everything below works for any function with a __name__ (the regex above names its module
# by it; a callable object's is jit__unnamed_function): compile it once, as its first call
# would, then read the folder.
import pathlib  # noqa: E402

import target  # noqa: E402  (the CPU, or the target of LIVE_TARGET: see snippets/target.py)

compiled = target.compile_jitted(jitted, *args)  # on the CPU: jitted.lower(*args).compile()
dump = pathlib.Path("dump")
files = sorted(p.name for p in dump.iterdir() if p.is_file())
print(f"{len(files)} files at the top of dump/:")
for name in files:
    print("   ", name)
for folder in sorted(p for p in dump.iterdir() if p.is_dir()):
    print(f"    {folder.name}/ holding", ", ".join(sorted(p.name for p in folder.iterdir())))

(optimized,) = dump.glob("*after_optimizations.txt")  # the one module the regex let through
print()
print("your optimized module:", optimized)
text = optimized.read_text()
print(text.splitlines()[0][:120] + " ...")
header = compiled.as_text().splitlines()[0]
print("its first line is that of compiled.as_text():", text.splitlines()[0] == header)
