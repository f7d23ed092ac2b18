import re

import jax
import jax.numpy as jnp

import target


def power(w, x):  # three products w @ w @ w @ x, in a loop
    return jax.lax.fori_loop(0, 3, lambda i, x: w @ x, x)


print("body          ENTRY runs the loop as   dot instructions   kCustom fusions   module bytes accessed")
for n in [2, 3, 4, 8]:
    compiled = target.compile(power, jnp.ones((n, n)), jnp.ones((n, n)))
    text = compiled.as_text()
    entry = text[text.index("\nENTRY"):]
    form = "call" if " call(" in entry else "while" if " while(" in entry else "?"
    dots = len(re.findall(r" dot\(", text))
    custom = text.count("kind=kCustom")
    costs = compiled.cost_analysis()  # None for a GPU target compiled without the device
    bytes_accessed = int(costs["bytes accessed"]) if costs is not None else "None"
    print(f"f32[{n},{n}] dot   {form:<25}{dots:<19}{custom:<18}{bytes_accessed}")
