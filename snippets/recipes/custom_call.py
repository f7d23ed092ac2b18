import re

import jax
import jax.numpy as jnp
import numpy as np
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def f(a, b):
    x = jnp.linalg.solve(a @ a.T + jnp.eye(64), b)  # a matrix product, then LAPACK
    noisy = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # back into Python
    return noisy.sum()


args = (jnp.ones((64, 64)), jnp.ones((64, 2)))
# --8<-- [end:your-function]

# Everything below works for any function.
hlo = target.compile(f, *args).as_text()
calls = re.findall(r"^\s+(?:ROOT )?%(\S+) = (.*?) custom-call\((.*?)\), (.*)$", hlo, re.MULTILINE)
print(f"{len(calls)} custom-call instructions in the optimized HLO")
for name, shape, operands, attrs in calls:
    get = lambda key: (re.search(key + r'=("[^"]*"|\{[^}]*\}|[\w$.-]+)', attrs) or [None, "-"])[1]
    op_name = re.search(r'op_name="([^"]+)"', attrs)
    print(f"%{name} = {shape}\n    custom_call_target={get('custom_call_target')}"
          f"  api_version={get('api_version')}"
          + ("  custom_call_has_side_effect=true" if "custom_call_has_side_effect=true" in attrs else "")
          +
          f"\n    from: {op_name[1] if op_name else '(no op_name)'}")
    config = get("backend_config")
    if config != "-":
        print(f"    backend_config={config[:70]}{'...' if len(config) > 70 else ''}")
# Not custom-calls, but also code XLA did not generate: fusions handed to a library.
library = re.findall(r"^\s+(?:ROOT )?%(\S+) = .* fusion\(.*kind=kCustom.*?\"kind\":\"(\w+)\"", hlo, re.MULTILINE)
print("kCustom fusions (a library runs them):", library or "none")
