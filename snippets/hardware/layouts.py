import re

import jax
import jax.numpy as jnp

import target


def dense(x, w, b):
    return jnp.maximum(x @ w + b, 0.0)


# (x, w) shapes and the element type: the tile a layout gets depends on both
cases = [((128, 256), (256, 512), jnp.float32), ((3, 5), (5, 100), jnp.float32),
         ((128, 256), (256, 1000), jnp.float32), ((128, 256), (256, 512), jnp.bfloat16)]
for x, w, dtype in cases:
    shapes = [jax.ShapeDtypeStruct(shape, dtype) for shape in (x, w, w[1:])]
    compiled = target.compile(dense, *shapes)
    layout = re.search(r"entry_computation_layout=\{\((.*?)\)->", compiled.as_text()).group(1)
    print(f"{jnp.dtype(dtype).name:8} x{list(x)} w{list(w)}: {layout}")
    print(f"{'':8} argument_size_in_bytes {compiled.memory_analysis().argument_size_in_bytes:,}")
