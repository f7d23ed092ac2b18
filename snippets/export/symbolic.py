import re

import jax
import jax.numpy as jnp
from jax import export

from symbolic_model import normalize  # x / its row norms * w; x has 4 columns

(b,) = export.symbolic_shape("b")  # one dimension variable, b >= 1
x_spec = jax.ShapeDtypeStruct((b, 4), jnp.float32)
w_spec = jax.ShapeDtypeStruct((4,), jnp.float32)
exported = export.export(jax.jit(normalize))(x_spec, w_spec)

print("in_avals: ", exported.in_avals)
print("out_avals:", exported.out_avals)
print("calling convention version:", exported.calling_convention_version)
print()
# The module without its source locations: the module line, the public main and the
# wrapped function whole, and the first line of every other function.
text = re.sub(r" loc\([^()]*(\([^()]*\))?[^()]*\)", "", exported.mlir_module())
lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#loc")]
whole = False
for line in lines:
    if line.startswith("module") or "func.func" in line:
        whole = "@main" in line or "@_wrapped_jax_export_main" in line
        print(line)
    elif whole:
        print(line)
