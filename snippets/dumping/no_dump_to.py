import os
import re
import subprocess
import sys

# A child Python with format flags but no --xla_dump_to. It needs its own process:
# XLA_FLAGS is read once per process, when the backend starts.
PROGRAM = """
import jax, jax.numpy as jnp
def f(x):
    return jnp.sin(jnp.cos(x))
jax.jit(f).lower(jax.ShapeDtypeStruct((4,), jnp.float32)).compile()
"""
env = dict(os.environ, XLA_FLAGS="--xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_emitter_re=llvm")
child = subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True)

print("stdout: the start of each text dump")
for line in child.stdout.splitlines():
    if line.startswith("*** Begin"):
        print("   ", line)
print("stderr: what was not written (log prefix with time and thread id cut off)")
for line in child.stderr.splitlines():
    if "Refusing" in line:
        print("   ", re.sub(r"^.*?\] ", "", line))

# A second try: graph formats and the other CPU emitter, still without a folder.
flags = "--xla_dump_hlo_as_dot --xla_dump_hlo_as_html --xla_dump_hlo_as_url --xla_dump_emitter_re=mlir-fusion"
child = subprocess.run([sys.executable, "-c", PROGRAM], env=dict(os.environ, XLA_FLAGS=flags),
                       capture_output=True, text=True)
print(f"\nXLA_FLAGS={flags}")
print("stdout:", *[line for line in child.stdout.splitlines() if line.startswith("*** Begin")], sep="\n    ")
print("stderr:", *[re.sub(r"^.*?\] ", "", line).split(" to stdout")[0]
                   for line in child.stderr.splitlines() if "Refusing" in line or ".url" in line], sep="\n    ")
