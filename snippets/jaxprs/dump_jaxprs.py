from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["JAX_DUMP_IR_TO"] = "dump"
os.environ["JAX_DUMP_IR_MODES"] = "jaxpr,stablehlo"

import pathlib  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

dump = pathlib.Path("dump")
seen = set()


def new_files(title):
    """Print the files that appeared in dump/ since the last call."""
    names = sorted(p.name for p in dump.iterdir()) if dump.exists() else []
    fresh = [n for n in names if n not in seen]
    seen.update(fresh)
    print(f"{title}: {len(fresh)} new file(s)")
    return fresh


params = init_params()
x, y = example_batch()
eager = new_files("building params and batch eagerly")
kinds = sorted({n.split(".", 1)[1] for n in eager})
funs = sorted({n.split("_", 2)[2].removesuffix(".jaxpr.txt") for n in eager if n.endswith(".txt")})
print("   suffixes:", kinds)
print("   functions:", funs)

jax.make_jaxpr(loss)(params, x, y)
new_files("make_jaxpr(loss)")

lowered = jax.jit(loss).lower(params, x, y)
for name in new_files("jit(loss).lower(...)"):
    print("  ", name)

lowered.compile()
for name in new_files(".compile()"):
    print("  ", name)

jax.jit(loss)(params, x, y)
new_files("calling jit(loss) with the same shapes")

x16, y16 = example_batch(batch=16)
jax.jit(loss)(params, x16, y16)
for name in new_files("calling jit(loss) with a batch of 16"):
    print("  ", name)

jaxpr_file = sorted(dump.glob("*_loss.jaxpr.txt"))[0]
print(f"--- {jaxpr_file.name} ---")
print(jaxpr_file.read_text())
