import jax
import jax.numpy as jnp

import target


def first_two_doubled(x):
    return x[:2] * 2.0  # reads 2 of the 8 elements of x


x = jax.ShapeDtypeStruct((8,), jnp.float32)
compiled = target.compile(first_two_doubled, x)
hlo = compiled.as_text()
for title, computation in [
    ("the fused computation:", hlo.split("\n%", 1)[1]),  # the first computation: the one fused
    ("top-level instructions:", hlo.split("\nENTRY ")[1]),
]:
    print(title)
    for line in computation.split("\n}")[0].splitlines()[1:]:
        print("  " + line.split(", metadata")[0].strip())

costs = compiled.cost_analysis() or {}  # None for a GPU target compiled without the device
print("cost_analysis():" + ("" if costs else " None"))
for key in sorted(costs):
    print(f"  {key:20} {costs[key]:5.1f}")
parts = sum(value for key, value in costs.items() if key.startswith("bytes accessed") and key != "bytes accessed")
print("sum of the bytes accessed...{} entries:", parts)
