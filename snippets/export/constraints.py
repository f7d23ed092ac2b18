import jax
import jax.numpy as jnp
import numpy as np
from jax import export

from symbolic_model import normalize

# b >= 1 holds for every dimension variable; constraints add more.
(b,) = export.symbolic_shape("b", constraints=("b >= 2",))
exported = export.export(jax.jit(normalize))(
    jax.ShapeDtypeStruct((b, 4), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))

# The module checks each constraint with its own shape_assertion in main.
for line in exported.mlir_module().splitlines():
    if "@shape_assertion" in line:
        print("assertion:", line.split('error_message = "')[1].split(" Using the following")[0].rstrip())

try:
    exported.call(np.ones((1, 4), np.float32), np.ones(4, np.float32))
except ValueError as e:
    print("call with 1 row:", str(e).split(" Using the following")[0].rstrip())

# Without a constraint, a comparison of symbolic sizes may be inconclusive; a constraint decides it.
(c,) = export.symbolic_shape("c")
try:
    print("no constraint, c >= 2:", c >= 2)
except Exception as e:
    print("no constraint, c >= 2:", type(e).__name__ + ":", str(e).splitlines()[0])
for constraint in ("c >= 2", "c <= 1", "c == 4"):
    (c,) = export.symbolic_shape("c", constraints=(constraint,))
    print(f"constraint {constraint!r}, c >= 2:", c >= 2)
