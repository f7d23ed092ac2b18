import re

import jax
import jax.numpy as jnp
import numpy as np

a = np.eye(4, dtype=np.float32)
lowered = jax.jit(jnp.linalg.cholesky).lower(a)

# The StableHLO module: the one custom call, and the attributes that name a layout.
(call,) = [line for line in lowered.as_text().splitlines() if "custom_call" in line]
print("custom call target:", re.search(r"custom_call @(\w+)", call).group(1))
for key in ("operand_layouts", "result_layouts"):
    print(f"  {key} = [{re.search(key + r' = \[(.*?)\](?=, \w)', call).group(1)}]")
print("'layout' anywhere else in the module:",
      sum("layout" in line for line in lowered.as_text().splitlines() if "custom_call" not in line))

# The compiled HLO: the custom call's operand and result shapes, with their layouts.
(hlo_call,) = [line for line in lowered.compile().as_text().splitlines() if "custom-call(" in line]
print("compiled:", re.sub(r", custom_call_target.*", "", hlo_call.strip()))
operand = re.search(r"custom-call\((%[\w.]+)\)", hlo_call).group(1)
(producer,) = [line for line in lowered.compile().as_text().splitlines() if line.strip().startswith(operand + " =")]
print("its operand:", re.sub(r"\), kind=.*", ")", producer.strip()))
