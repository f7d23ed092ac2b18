import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def block(w, b, x):
    with jax.named_scope("block"):
        with jax.named_scope("dense"):
            y = x @ w + b
        with jax.named_scope("act"):
            return jax.nn.gelu(y)


args = (jnp.ones((16, 16)), jnp.zeros(16), jnp.ones((8, 16)))
function = block
# --8<-- [end:your-function]

# Everything below works for any function and arguments.
jitted = jax.jit(function)
print("jaxpr: each top-level equation and its name stack")
for eqn in jax.make_jaxpr(function)(*args).eqns:
    print(f"  {eqn.primitive.name:20} [{eqn.source_info.name_stack}]")

lowered = jitted.lower(*args)
print("StableHLO: the named locations (lower(...).as_text(debug_info=True))")
names = re.findall(r'loc\("([^"]*/[^"]*)"\(', lowered.as_text(debug_info=True))
for name in dict.fromkeys(names):  # each once, in order
    print(f"  {name}")

print("optimized HLO: each instruction and its op_name (compile().as_text())")
for line in lowered.compile().as_text().splitlines():
    if line.endswith("{") and not line.startswith(" "):  # a computation starts
        print(f"  in {line.split(' (')[0]}:")
    found = re.match(r'\s*(?:ROOT )?%(\S+) = .*op_name="([^"]+)"', line)
    if found:
        print(f"    {found[1]:30} {found[2]}")
