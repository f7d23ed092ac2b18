import re

import jax
import jax.numpy as jnp

from examples import transposed
from show import computation

x = jnp.arange(128, dtype=jnp.float32).reshape(8, 16)
lowered = jax.jit(transposed).lower(x)
broken = lowered.compile({"xla_disable_hlo_passes": "layout-assignment"})
print(computation(broken.as_text(), "ENTRY"))
print("correct result:", bool((broken(x) == x.T).all()))
# The header still promises a row-major result, so the column-major bytes are read row by row.
print("header:", re.search(r"entry_computation_layout=\{(.*?)\}(?=,)", broken.as_text()).group(1))
print("result is x's bytes read as row-major f32[16,8]:", bool((broken(x) == x.reshape(16, 8)).all()))
print("correct with every pass on:", bool((lowered.compile()(x) == x.T).all()))
