from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import pathlib
import re
import subprocess
import sys

# One program, run as three separate Python processes that share the cache folder `cache`.
PROGRAM = """
import jax, jax.numpy as jnp
jax.config.update("jax_compilation_cache_dir", "cache")
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)  # cache even a fast compile
jax.config.update("jax_log_compiles", True)  # logs a hit in the persistent cache

def f(x):
    return jnp.sin(jnp.cos(x))

jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32)).compile()
"""


def run(label, dump=None, **env):
    if dump:
        env["XLA_FLAGS"] = f"--xla_dump_to={dump}"
    child = subprocess.run([sys.executable, "-c", PROGRAM], env=dict(os.environ, **env),
                           capture_output=True, text=True)
    hit = "Persistent compilation cache hit for 'jit_f'" in child.stderr
    print(f"{label}\n    exit status {child.returncode}, persistent cache hit: {hit}")
    if dump:
        # Each file's name without its module_NNNN.jit_f. prefix; a subfolder ends in /.
        names = sorted("module_NNNN.jit_f/" if path.is_dir() else re.sub(r"^module_\d+\.jit_f\.", "", path.name)
                       for path in pathlib.Path(dump).iterdir())
        print(f"    {dump}/ holds {len(names)}:", ", ".join(names))


run("1. no dump flags: compiles, and writes the executable to the cache")
run("2. the same program with --xla_dump_to=dump2", dump="dump2")
run("3. the same again, persistent cache switched off", dump="dump3",
    JAX_ENABLE_COMPILATION_CACHE="false")

entries = sorted(path.name.split("-")[0] + "-<key>-" + path.name.rsplit("-", 1)[1]
                 for path in pathlib.Path("cache").iterdir())
print("\ncache/ holds:", ", ".join(entries))
(loaded,) = pathlib.Path("dump2").glob("*after_optimizations.txt")
print(f"\n{loaded.name}, its header:", loaded.read_text().splitlines()[0].split(",")[0:2])
