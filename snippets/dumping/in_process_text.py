from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import json
import pathlib
import re

import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, loss


def f(x):
    return jnp.sin(jnp.cos(x))


lowered = jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32))

# Before optimization: two spellings of the same text...
hlo = lowered.as_text("hlo")
print("as_text('hlo') == compiler_ir('hlo').as_hlo_text():", hlo == lowered.compiler_ir("hlo").as_hlo_text())
print(hlo)

# ...and the dump's before_optimizations file of the same module, for comparison.
compiled = lowered.compile({"xla_dump_to": "dump_f"})
(before,) = pathlib.Path("dump_f").glob("*.before_optimizations.txt")
print(f"== {before.name}")
print(before.read_text())

# After optimization: Compiled.as_text() against the dump's after-optimizations file.
BACKEND_CONFIG = re.compile(r"backend_config=(\{.*\})")


def sorted_configs(line):
    """The line with the JSON of its backend_config re-serialized with sorted keys."""
    return BACKEND_CONFIG.sub(lambda m: "backend_config=" + json.dumps(json.loads(m.group(1)), sort_keys=True), line)


def compare(name, compiled, folder):
    (after,) = pathlib.Path(folder).glob("*.cpu_after_optimizations.txt")
    ours, theirs = compiled.as_text().splitlines(), after.read_text().splitlines()
    differ = [(a, b) for a, b in zip(theirs, ours) if a != b]
    print(f"{name}:\n    as_text() equals the file: {compiled.as_text() == after.read_text()}"
          f"\n    lines that differ: {len(differ)} {[a.split(' = ')[0].strip() for a, _ in differ]}"
          f"\n    equal once backend_config keys are sorted: "
          f"{[sorted_configs(a) for a in theirs] == [sorted_configs(b) for b in ours]}")
    fusions = re.findall(r"%(\S+) = .* fusion\(.*?kind=(\w+)", after.read_text().split("ENTRY")[1])
    print("    fusions in the entry computation:", ", ".join(f"{name} ({kind})" for name, kind in fusions))
    return differ


print("== compiled.as_text() and the cpu_after_optimizations.txt file")
compare("jit_f", compiled, "dump_f")
sizes = {"default sizes": {}, "every size 512": {"batch": 512, "features": 512, "hidden": 512, "outputs": 512}}
for label, dims in sizes.items():  # the chapters' MLP, then a realistic size
    params = jax.eval_shape(lambda: init_params(**{k: v for k, v in dims.items() if k != "batch"}))
    x, y = jax.eval_shape(lambda: example_batch(**{k: v for k, v in dims.items() if k != "hidden"}))
    folder = f"dump_loss_{len(dims)}"
    differ = compare(f"jit_loss, {label}", jax.jit(loss).lower(params, x, y).compile({"xla_dump_to": folder}), folder)

if differ:  # older XLA wrote backend_config's JSON keys in another order
    dumped, printed = differ[0]
    print("\nthe first line that differs, from its backend_config on:")
    print("  file:     ", BACKEND_CONFIG.search(dumped).group())
    print("  as_text():", BACKEND_CONFIG.search(printed).group())
