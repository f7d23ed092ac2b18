import importlib.metadata
import sys

# What installing jax brings: its declared requirements, without the version bounds.
requires = [r.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip()
            for r in importlib.metadata.requires("jax") if "extra ==" not in r]
print("jax requires:", ", ".join(sorted(requires)))
print("flatbuffers among them:", "flatbuffers" in requires)

import jax
import jax.numpy as jnp
from jax import export

exported = export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((3,), jnp.float32))
print("export and call work:", exported.call(jnp.zeros(3)).tolist())

# As on a plain jax install: `import flatbuffers` fails, and the module that imports it
# is loaded afresh (serialize() imports it on first use).
sys.modules["flatbuffers"] = None
sys.modules.pop("jax._src.export.serialization", None)
try:
    exported.serialize()
except ImportError as e:
    print("serialize():", type(e).__name__ + ":", e)
