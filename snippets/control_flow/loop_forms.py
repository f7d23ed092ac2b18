import jax
import jax.numpy as jnp

from cumsum import cumsum


def optimized_entry(steps, width, dtype=jnp.float32):
    xs = jax.ShapeDtypeStruct((steps, width), dtype)  # `steps` rows of `width` elements
    text = jax.jit(cumsum).lower(xs).compile().as_text()
    return text, text[text.index("ENTRY"):]


def form(steps, width, dtype=jnp.float32):
    return "call" if "xla_cpu_small_call" in optimized_entry(steps, width, dtype)[1] else "while"


# Two neighbouring widths: the ENTRY line that runs the loop, and the loop's trip count.
for width in [49_999_997, 49_999_998]:
    text, entry = optimized_entry(4, width)
    line = next(l for l in entry.splitlines() if " call(" in l or " while(" in l)
    print(f"f32[4,{width}]:", line.split(", metadata=")[0].strip())
    loop = next(l for l in text.splitlines() if " while(" in l)
    print("  the while's backend_config:", loop.split("backend_config=")[1])

# The widest carry that still gives a call, found by bisection: two lengths, two dtypes.
print()
print("steps  dtype     last width with a call  first width with a while")
for steps, dtype in [(4, jnp.float32), (1000, jnp.float32), (4, jnp.float16)]:
    low, high = 1, 2**30 // jnp.dtype(dtype).itemsize  # rows of 1 element and of 1 GiB
    assert form(steps, low, dtype) == "call" and form(steps, high, dtype) == "while"
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if form(steps, middle, dtype) == "call" else (low, middle)
    print(f"{steps:<7}{jnp.dtype(dtype).name:<10}{low:<24}{high}")
