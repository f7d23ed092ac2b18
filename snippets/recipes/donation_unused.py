import re
import warnings

import jax
import jax.numpy as jnp


def scale(step, params):  # step is never read
    return params * 2


for donate in (1, 0):
    step, params = jnp.zeros(3), jnp.ones(4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiled = jax.jit(scale, donate_argnums=donate).lower(step, params).compile()
    compiled(step, params)
    header = compiled.as_text().splitlines()[0]
    alias = re.search(r"input_output_alias=\{.*?\) \}", header)
    print(f"donate_argnums={donate}:", alias.group(0) if alias else "no input_output_alias")
    print("  parameters:", re.search(r"entry_computation_layout=\{\((.*?)\)->", header)[1])
    print(f"  deleted: step {step.is_deleted()}, params {params.is_deleted()}; warnings: {len(caught)}")
