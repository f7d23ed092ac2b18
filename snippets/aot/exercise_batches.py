import jax
import jax.numpy as jnp
import numpy as np
from jax import export


def predict(w, x):
    return jnp.tanh(x @ w)


w = np.ones((4, 2), np.float32)
spec_w = jax.ShapeDtypeStruct((4, 2), jnp.float32)
batch6 = np.ones((6, 4), np.float32)

for8 = jax.jit(predict).lower(spec_w, jax.ShapeDtypeStruct((8, 4), jnp.float32)).compile()
try:
    for8(w, batch6)
except TypeError as e:
    print("compiled for 8, called with 6:", str(e).splitlines()[-1])

# Way 1: one Compiled per batch size, compiled ahead of time
compiled = {n: jax.jit(predict).lower(spec_w, jax.ShapeDtypeStruct((n, 4), jnp.float32)).compile()
            for n in (6, 8)}
print("one Compiled per size:", compiled[6](w, batch6).shape)

# Way 2: one export with a symbolic batch size (see export.md)
(b,) = export.symbolic_shape("b")
exported = export.export(jax.jit(predict))(spec_w, jax.ShapeDtypeStruct((b, 4), jnp.float32))
print("one export for any b:", exported.call(w, batch6).shape, exported.call(w, np.ones((8, 4), np.float32)).shape)
