from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/dumping/options_folder/ (git-ignored), the same on every run

import os
import pathlib
import subprocess
import sys

import target

# The same layer, compiled for the target by this process with a compile option and by a
# child process with XLA_FLAGS (read when its backend starts); each writes its own folder.
COMPILE = """
import jax, jax.numpy as jnp
import target
target.compile(lambda x, w: jnp.tanh(x @ w), jax.ShapeDtypeStruct((128, 256), jnp.float32),
               jax.ShapeDtypeStruct((256, 512), jnp.float32){options})
"""


def subfolders(folder):
    """The subfolders of a dump, each with the names of its files."""
    return {path.name.split(".")[1]: sorted(child.name for child in path.iterdir())
            for path in sorted(pathlib.Path(folder).iterdir()) if path.is_dir()} or "none"


print("compiled for:", target.devices(1)[0].device_kind if target.name() != "cpu" else "cpu")
exec(COMPILE.format(options=', compiler_options={"xla_dump_to": "by_options"}'))
print("compile options {'xla_dump_to': ...}: subfolders", subfolders("by_options"))
env = dict(os.environ, PYTHONPATH=os.path.dirname(target.__file__), XLA_FLAGS="--xla_dump_to=by_flags")
child = subprocess.run([sys.executable, "-c", COMPILE.format(options="")], env=env, capture_output=True, text=True)
print("XLA_FLAGS=--xla_dump_to, exit status", child.returncode, "subfolders", subfolders("by_flags"))
