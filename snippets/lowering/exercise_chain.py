import re

import jax
import jax.numpy as jnp

from hlo_tables import call_chain, parse_tables


def inner(x):
    return jnp.sin(x) * 2.0


def middle(x):
    return inner(x) + 1.0


def outer(x):
    return jnp.cos(middle(x))


hlo = jax.jit(outer).lower(jnp.ones(4)).compile().as_text()
print(hlo[hlo.index("FunctionNames"):hlo.index("FileLocations")].strip())  # excerpt
print(hlo[hlo.index("StackFrames"):hlo.index("%fused")].strip())  # excerpt
print()
frame_id = int(re.search(r"sine\(.*stack_frame_id=(\d+)", hlo)[1])
for file, line, col, end_col, function in call_chain(parse_tables(hlo), frame_id):
    print(f"{file}:{line} in {function}")
