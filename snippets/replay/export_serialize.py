import importlib.util

import jax
from jax import export

from repro import A, B, C, residual

exported = export.export(jax.jit(residual))(A, B, C)
print("exported for:", exported.platforms, "inputs:", exported.in_avals)
print("exported.call:", exported.call(A, B, C))
print("flatbuffers installed:", importlib.util.find_spec("flatbuffers") is not None)
try:
    blob = exported.serialize()
    print("serialized:", len(blob), "bytes")
except ImportError as e:
    print(type(e).__name__ + ":", e)
