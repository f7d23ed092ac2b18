import jax
import jax.numpy as jnp

import target
from hlo_lines import entry_layout

# The same elementwise function at five shapes: which layout does each argument and result get?
for shape in [(8, 16), (16, 8), (3, 5), (1000, 256), (256, 1000)]:
    compiled = target.compile(lambda x: x + 1, jax.ShapeDtypeStruct(shape, jnp.float32))
    layout = entry_layout(compiled)
    print(f"{str(shape):12} {layout}")
