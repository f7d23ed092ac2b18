import jax
import jax.numpy as jnp

import target
from hlo_lines import entry, entry_layout


def transpose(x):
    return x.T


for shape in [(8, 16), (512, 256)]:
    compiled = target.compile(transpose, jax.ShapeDtypeStruct(shape, jnp.float32))
    print(entry_layout(compiled))
    print("\n".join("  " + line for line in entry(compiled)))
    formats = compiled.input_formats[0][0], compiled.output_formats
    print("  major_to_minor: argument", formats[0].layout.major_to_minor, "result", formats[1].layout.major_to_minor)
