import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def step(x):
    print("print sees:", x)  # Python's print: runs while tracing, sees a tracer
    jax.debug.print("debug.print sees x = {}", x, ordered=True)
    y = jnp.sin(x) * 2
    jax.debug.print("y = {y}", y=y)  # not ordered: may print before the line above
    return y


calls = [(jnp.arange(3.0),), (jnp.arange(3.0) + 1,)]  # the arguments of each call
function = step
# --8<-- [end:your-function]

# Everything below works for any function and calls.
jitted = jax.jit(function)
print("--- the calls")
for args in calls:
    jitted(*args)
jax.effects_barrier()  # wait until every print of the calls has run

jaxpr = jax.make_jaxpr(function)(*calls[0])
prints = re.findall(r"debug_print\[\n(?:.*\n)*?\s*ordered=(\w+)", str(jaxpr))
print(f"--- jaxpr: {len(prints)} debug_print equations, ordered={prints}")

hlo = jitted.lower(*calls[0]).compile().as_text()
print("--- optimized HLO: entry_computation_layout=" + re.search(r"entry_computation_layout=(\{.*?\})(?=, )", hlo)[1])
for found in re.finditer(r"%(\S+) = (\S+) custom-call\(([^)]*)\), custom_call_target=\"([^\"]+)\".*?"
                         r"custom_call_has_side_effect=(\w+)", hlo):
    name, shape, operands, target, side_effect = found.groups()
    print(f"  {name}: {shape} custom-call({operands}) target={target} side_effect={side_effect}")
