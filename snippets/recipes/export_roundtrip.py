from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/export_roundtrip/ (git-ignored), the same on every run

import pickle
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import export


# --8<-- [start:your-function]
def normalize(x, w):
    return (x - x.mean(axis=1, keepdims=True)) * w


(b,) = export.symbolic_shape("b")  # the batch size, unknown until the call
specs = (jax.ShapeDtypeStruct((b, 4), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))
batch_sizes = (2, 5)
jitted = jax.jit(normalize)
# --8<-- [end:your-function]

# Everything below works for any function whose symbolic dimensions are batch sizes and whose
# arguments are arrays, lists, tuples or dicts (deserialize refuses a pytree node not
# registered for serialization, such as a dataclass).
exported = export.export(jitted)(*specs)
with open("exported.bin", "wb") as f:
    f.write(exported.serialize())  # serialize() needs the flatbuffers package
print("exported:", exported.fun_name, exported.in_avals, "for", exported.platforms)

rng = np.random.default_rng(0)
inputs = {}
for size in batch_sizes:  # the flat list of arrays for each batch size: symbolic dimensions set to it
    shapes = [tuple(d if isinstance(d, int) else size for d in aval.shape) for aval in exported.in_avals]
    inputs[size] = [rng.standard_normal(s).astype(a.dtype) for s, a in zip(shapes, exported.in_avals)]
with open("inputs.pkl", "wb") as f:
    pickle.dump(inputs, f)

# Another process: reads the file, calls the function at each batch size, saves the results.
CHILD = """
import pickle
import jax
from jax import export

with open("exported.bin", "rb") as f:
    restored = export.deserialize(bytearray(f.read()))
print("child: deserialized", restored.fun_name, restored.in_avals)
with open("inputs.pkl", "rb") as f:
    inputs = pickle.load(f)
results = {}
for size, leaves in inputs.items():
    args, kwargs = jax.tree.unflatten(restored.in_tree, leaves)  # a dict or tuple of arrays, as exported
    results[size] = [jax.device_get(leaf) for leaf in jax.tree.leaves(restored.call(*args, **kwargs))]
    print(f"child: batch {size}:", ", ".join(f"{r.dtype}{list(r.shape)}" for r in results[size]))
with open("results.pkl", "wb") as f:
    pickle.dump(results, f)
"""
child = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True)
print(child.stdout, end="")

with open("results.pkl", "rb") as f:
    results = pickle.load(f)
for size, leaves in inputs.items():
    args, kwargs = jax.tree.unflatten(exported.in_tree, leaves)
    here = jax.tree.leaves(jitted(*args, **kwargs))
    same = len(here) == len(results[size]) and all(np.array_equal(h, r) for h, r in zip(here, results[size]))
    print(f"batch {size}: the child's results equal the jitted function's here: {same}")
