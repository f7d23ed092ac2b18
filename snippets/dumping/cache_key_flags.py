from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import pathlib
import subprocess
import sys

# The program of the previous script: one small function, the persistent cache in `cache`.
PROGRAM = """
import jax, jax.numpy as jnp
jax.config.update("jax_compilation_cache_dir", "cache")
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)
jax.config.update("jax_log_compiles", True)

def f(x):
    return jnp.sin(jnp.cos(x))

jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32)).compile()
"""


def run(flags):
    child = subprocess.run([sys.executable, "-c", PROGRAM], env=dict(os.environ, XLA_FLAGS=flags),
                           capture_output=True, text=True)
    return "Persistent compilation cache hit for 'jit_f'" in child.stderr


run("")  # fills the cache
print("after a first run without flags, each process below adds one dump flag to --xla_dump_to:")
for n, extra in enumerate(["", "--xla_dump_hlo_as_proto", "--xla_dump_hlo_pass_re=fusion",
                           "--xla_dump_large_constants", "--xla_dump_emitter_re=llvm"]):
    hit = run(f"--xla_dump_to=dump{n} {extra}".strip())
    files = len([path for path in pathlib.Path(f"dump{n}").iterdir() if path.is_file()])
    print(f"    {extra or '(nothing)':<32} cache hit: {str(hit):<5}  files dumped: {files}")
print("entries in cache/:", len(list(pathlib.Path("cache").iterdir())))
