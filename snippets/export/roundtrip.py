import jax
import jax.numpy as jnp
import numpy as np
from jax import export

from symbolic_model import normalize

(b,) = export.symbolic_shape("b")
exported = export.export(jax.jit(normalize))(
    jax.ShapeDtypeStruct((b, 4), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))

blob = exported.serialize()  # a bytearray; needs the flatbuffers package
print("serialized into a", type(blob).__name__)
restored = export.deserialize(blob)
print("restored in_avals:", restored.in_avals)

w = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
for rows in (2, 5):
    x = np.arange(rows * 4, dtype=np.float32).reshape(rows, 4) + 1
    out = restored.call(x, w)
    same = np.allclose(out, jax.jit(normalize)(x, w))
    print(f"batch {rows}: result {out.shape} {out.dtype}, equal to jax.jit(normalize): {same}")

import traceback

for bad in (np.ones((0, 4), np.float32),   # b = 0 breaks b >= 1
            np.ones((3, 3), np.float32)):  # 3 columns where the export says 4
    try:
        restored.call(bad, w)
    except Exception as e:
        print()
        print(f"shape {bad.shape}:", type(e).__name__ + ":", str(e).split(". Using")[0])
        # Where it was raised: the frames from JAX's abstract evaluation of the call
        # on, that is Python code that runs before anything is compiled.
        names = [f.name for f in traceback.extract_tb(e.__traceback__)]
        print("  raised in:", " -> ".join(names[names.index("_call_exported_abstract_eval"):]))
