import re

import jax
import jax.numpy as jnp

a = jnp.array([[4.0, 1.0], [2.0, 3.0]])
b = jnp.array([1.0, 2.0])
text = jax.jit(jnp.linalg.solve).lower(a, b).compile().as_text()
# Excerpt: each custom-call's name, result shape, the layouts it requires of its
# operands, and its target, in module order.
pattern = (r'(%\S+) = (.+?) custom-call\(.*?custom_call_target="([^"]+)", '
           r"operand_layout_constraints=\{(.*?\})\}")
for name, shape, target, operands in re.findall(pattern, text):
    print(f"{name:20} {shape:28} {target:18} operands: {operands}")
