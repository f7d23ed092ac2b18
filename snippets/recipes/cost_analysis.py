import math
import re

import jax
import jax.numpy as jnp

# --8<-- [start:your-function]
def layer(x, w, b):
    return jnp.tanh(x @ w + b).sum()


function = jax.jit(layer)
args = (jnp.ones((128, 256)), jnp.ones((256, 64)), jnp.ones(64))
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments, compiled for the CPU.
MEANING = {  # what each key counts, on the optimized module (XLA's HloCostAnalysis, as the CPU uses it)
    r"flops": "floating-point operations: 2*M*K*N per dot, one per element per elementwise op",
    r"transcendentals": "exp, log, tanh, ... evaluated, one per element; not in flops",
    r"bytes accessed": "bytes read and written by ENTRY's instructions; on the CPU a fusion counts its inputs and output",
    r"bytes accessed(\d+|out)\{\}": "per-operand bookkeeping of XLA's: not a breakdown of bytes accessed",
    r"utilization\d+\{\}": "per-operand bookkeeping of XLA's: 1.0 per fusion operand",
}
lowered = function.lower(*args)
compiled = lowered.compile()
costs = compiled.cost_analysis()  # a dict; None where the backend has no cost model
if isinstance(costs, list):  # older JAX releases: a list holding one dict
    costs = costs[0]
print("compiled.cost_analysis():")
for key in sorted(costs):
    meaning = next((text for pattern, text in MEANING.items() if re.fullmatch(pattern, key)), "not described here")
    print(f"  {key:20} {costs[key]:>12.0f}  {meaning}")

# A hand count of the dots, from the optimized HLO: 2 * (elements of the result) * (contracted size).
hlo = compiled.as_text()
shapes = dict(re.findall(r"%(\S+) = \w+\[([\d,]*)\]", hlo))
dot_flops = 0
for out, lhs, dims in re.findall(r"= \w+\[([\d,]*)\]\S* dot\(%([^,]+), .*?lhs_contracting_dims=\{([\d,]*)\}", hlo):
    lhs_shape = [int(d) for d in shapes[lhs].split(",") if d]
    contracted = math.prod(lhs_shape[int(i)] for i in dims.split(",") if i)
    dot_flops += 2 * math.prod(int(d) for d in out.split(",") if d) * contracted
print(f"flops in dots, by hand: {dot_flops}; the rest: {costs.get('flops', 0) - dot_flops:.0f}")
before = lowered.cost_analysis()  # the same model on the module before XLA's passes
before = before[0] if isinstance(before, list) else before
print(f"before the passes: flops {before.get('flops', 0):.0f}, bytes accessed {before['bytes accessed']:.0f}")
