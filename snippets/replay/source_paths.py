from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

# XLA's dumps (text and binary protos) and JAX's own StableHLO dump.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto"
os.environ["JAX_DUMP_IR_TO"] = "jax_ir"

import pathlib  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

THIS_FILE = b"source_paths.py"  # the name every recorded source location of this script contains


def residual_named(name):
    def residual(a, b, c):
        return a * b - c

    residual.__name__ = name  # one module name per setting, so that the files stay apart
    return residual


def compile_as(name, options):
    x = jax.ShapeDtypeStruct((), jnp.float32)
    jax.jit(residual_named(name)).lower(x, x, x).compile(options)


compile_as("default", {})
jax.config.update("jax_include_debug_info_in_dumps", False)  # JAX's .mlir dumps: no locations
compile_as("private", {"xla_dump_disable_metadata": True})  # XLA's .txt dumps: no metadata
jax.config.update("jax_hlo_source_file_canonicalization_regex", ".*")  # file names cut to ""
compile_as("anonymous", {"xla_dump_disable_metadata": True})

# How often each file names this script, for each of the three settings.
files = {}
for path in [*pathlib.Path("dump").rglob("*"), *pathlib.Path("jax_ir").iterdir()]:
    match = re.search(r"jit_(default|private|anonymous)", str(path))
    if path.is_file() and match:
        # The file's kind: its path without the module's id and name.
        kind = re.sub(r"module_\d+\.jit_[a-z]+|jax_ir\d+_jit_[a-z]+", "NAME", path.as_posix())
        files.setdefault(kind, {})[match.group(1)] = path.read_bytes().count(THIS_FILE)
print(f"{'times a file names this script':<40} default  private  anonymous")
for kind in sorted(files):
    counts = files[kind]
    if any(counts.values()):
        print(f"{kind:<40} {counts['default']:>7}  {counts['private']:>7}  {counts['anonymous']:>9}")
print(f"the other {sum(not any(counts.values()) for counts in files.values())} kinds of file:",
      "not once in any of the three")

print("\nThe file table of the default before_optimizations.txt:")
(default,) = pathlib.Path("dump").glob("*.jit_default.before_optimizations.txt")
text = default.read_text()
print("   ", text[text.index("FileNames"):].splitlines()[1].strip())
(anonymous,) = pathlib.Path("dump").glob("*.jit_anonymous/module.mlir")
print("Two locations in the anonymous module.mlir:")
locations = [line for line in anonymous.read_text().splitlines() if line.startswith("#loc")]
print("   ", next(line for line in locations if 'loc("":' in line))
print("   ", next(line for line in locations if "residual" in line))
