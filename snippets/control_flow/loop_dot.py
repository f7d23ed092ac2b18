import re

import jax
import jax.numpy as jnp


def power(w, x):  # three products w @ w @ w @ x, in a loop
    return jax.lax.fori_loop(0, 3, lambda i, x: w @ x, x)


print("body          ENTRY runs the loop as   dot instructions   kCustom fusions   module bytes accessed")
for n in [2, 3, 4, 8]:
    compiled = jax.jit(power).lower(jnp.ones((n, n)), jnp.ones((n, n))).compile()
    text = compiled.as_text()
    entry = text[text.index("\nENTRY"):]
    form = "call" if " call(" in entry else "while" if " while(" in entry else "?"
    dots = len(re.findall(r" dot\(", text))
    custom = text.count("kind=kCustom")
    print(f"f32[{n},{n}] dot   {form:<25}{dots:<19}{custom:<18}{int(compiled.cost_analysis()['bytes accessed'])}")
