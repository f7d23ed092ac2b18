import jax
import jax.numpy as jnp

import target
from hlo_lines import fusions


def dense(x, w, b):
    return jnp.maximum(x @ w + b, 0.0)


shapes = [jax.ShapeDtypeStruct(shape, jnp.float32) for shape in ((8, 16), (16, 32), (32,))]
for fusion in fusions(target.compile(dense, *shapes)):
    print(f"{fusion['name']} ({fusion['kind']}): labelled {fusion['label']}, "
          f"root {fusion['root']} (labelled {fusion['root label']})")
    print(f"  body: {' '.join(fusion['opcodes'])}")
