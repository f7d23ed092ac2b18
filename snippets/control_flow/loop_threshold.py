import os

# Set the CPU backend's limit for moving a loop into a call to 1024 bytes,
# the default in the XLA source that jax 0.10.2 was built from.
os.environ["XLA_FLAGS"] = "--xla_backend_extra_options=xla_cpu_small_while_loop_byte_threshold=1024"

import jax
import jax.numpy as jnp

from cumsum import cumsum


def form(steps, width, dtype):
    xs = jax.ShapeDtypeStruct((steps, width), dtype)
    entry = jax.jit(cumsum).lower(xs).compile().as_text().split("ENTRY")[1]
    return "call" if "xla_cpu_small_call" in entry else "while"


print("steps  dtype     last width with a call  first width with a while")
for dtype in [jnp.float32, jnp.float16]:
    low, high = 1, 2**30 // jnp.dtype(dtype).itemsize  # rows of 1 element and of 1 GiB
    assert form(4, low, dtype) == "call" and form(4, high, dtype) == "while"
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if form(4, middle, dtype) == "call" else (low, middle)
    print(f"{4:<7}{jnp.dtype(dtype).name:<10}{low:<24}{high}")
