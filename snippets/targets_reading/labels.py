import jax
import jax.numpy as jnp

import target
from hlo_lines import fusions


def dense(x, w, b):
    return jnp.maximum(x @ w + b, 0.0)


def dense_gelu(x, w, b):
    return jax.nn.gelu(x @ w + b)


for function, (m, k, n) in ((dense, (8, 16, 32)), (dense_gelu, (64, 128, 256))):
    print(f"{function.__name__} at {m} x {k} x {n}:")
    shapes = [jax.ShapeDtypeStruct(shape, jnp.float32) for shape in ((m, k), (k, n), (n,))]
    for fusion in fusions(target.compile(function, *shapes)):
        print(f"  {fusion['name']} ({fusion['kind']}): labelled {fusion['label']}, "
              f"root {fusion['root']} (labelled {fusion['root label']})")
        print(f"    body: {' '.join(fusion['opcodes'])}")
