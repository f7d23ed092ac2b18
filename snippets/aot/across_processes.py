from scratch import fresh_folder

fresh_folder(__file__)

import os  # noqa: E402
import pickle  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import export  # noqa: E402
from jax.experimental import serialize_executable  # noqa: E402


def f(x):
    return jnp.tanh(x) * 2


spec = jax.ShapeDtypeStruct((3,), jnp.float32)

# 1. The supported way: export, serialize, write a file
exported = export.export(jax.jit(f))(spec)
Path("f.exported").write_bytes(exported.serialize())
print("first process: wrote f.exported")

# 2. What the stages objects allow
lowered = jax.jit(f).lower(spec)
compiled = lowered.compile()
for name, obj in [("Lowered", lowered), ("Compiled", compiled),
                  ("compiled.runtime_executable()", compiled.runtime_executable())]:
    try:
        pickle.dumps(obj)
        print(f"pickle.dumps({name}): ok")
    except Exception as e:
        print(f"pickle.dumps({name}): {type(e).__name__}: {str(e).splitlines()[0]}")

# a second program: a dict input and a static argument, lowered from concrete arrays
other = jax.jit(lambda p, n: p["a"] * n + p["b"], static_argnums=1).lower(
    {"a": jnp.ones((2, 2)), "b": jnp.zeros(2)}, 3)
for name, obj in [("Lowered", other), ("Compiled", other.compile())]:
    try:
        pickle.dumps(obj)
        print(f"second program, pickle.dumps({name}): ok")
    except Exception as e:
        print(f"second program, pickle.dumps({name}): {type(e).__name__}: {str(e).splitlines()[0]}")

# 3. The experimental executable serializer: machine code for this jaxlib and device
payload, in_tree, out_tree = serialize_executable.serialize(compiled)
Path("f.executable").write_bytes(pickle.dumps((payload, in_tree, out_tree)))
print("first process: wrote f.executable")

second = """
import pickle
import jax
import numpy as np
from jax import export
from jax.experimental import serialize_executable

print("second process:", jax.device_count(), "CPU devices")
x = np.array([-1.0, 0.0, 1.0], np.float32)
restored = export.deserialize(bytearray(open("f.exported", "rb").read()))
print("second process: f.exported in_avals", restored.in_avals)
print("second process: f.exported call", restored.call(x))
payload, in_tree, out_tree = pickle.loads(open("f.executable", "rb").read())
loaded = serialize_executable.deserialize_and_load(payload, in_tree, out_tree)  # onto every device
try:
    loaded(x)
except Exception as e:
    print("second process: f.executable on every device:", type(e).__name__, str(e).splitlines()[0])
loaded = serialize_executable.deserialize_and_load(payload, in_tree, out_tree, execution_devices=jax.devices()[:1])
print("second process: f.executable is a", type(loaded).__name__, "call", loaded(x))
"""
# the second process has four CPU devices, the first one
four = {**os.environ, "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}
run = subprocess.run([sys.executable, "-c", second], capture_output=True, text=True, env=four)
print(run.stdout, end="")
print("second process exit code:", run.returncode)
if run.returncode:
    print(run.stderr.strip().splitlines()[-1])
