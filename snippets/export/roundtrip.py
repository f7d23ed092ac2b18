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

try:
    restored.call(np.ones((0, 4), np.float32), w)  # b = 0 breaks b >= 1
except Exception as e:
    print(type(e).__name__ + ":", str(e).split(". Using")[0])
