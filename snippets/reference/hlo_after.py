import re

import jax
import jax.numpy as jnp
from jax import lax

from hlo_lines import show

m = jnp.arange(12.0, dtype=jnp.float32).reshape(3, 4)

show("(m.T, m.reshape(12))  # after the CPU's passes", lambda m: (m.T, m.reshape(12)), m, optimized=True)
print()

# Opcodes that JAX emits (see the listings above) and that the CPU's passes replace.
v = jnp.arange(8.0, dtype=jnp.float32)
t = jnp.eye(3, dtype=jnp.bfloat16)
cases = [
    ("rng-bit-generator", lambda s: lax.rng_bit_generator(s, (4,)), jnp.zeros(4, jnp.uint32)),
    ("select-and-scatter", jax.grad(lambda v: lax.reduce_window(v, -jnp.inf, lax.max, (2,), (2,), "VALID").sum()), v),
    ("topk", lambda v: lax.top_k(v, 2), v),
    ("triangular-solve", lambda t: lax.linalg.triangular_solve(t, t, left_side=True, lower=True), t),
]
for opcode, f, arg in cases:
    compiled = jax.jit(f).lower(arg).compile().as_text()
    kept = f" {opcode}(" in compiled
    targets = sorted(set(re.findall(r'custom_call_target="([^"]+)"', compiled)))
    print(f"{opcode:19} after the CPU's passes: {'kept' if kept else 'gone'}"
          + (f", custom-call to {', '.join(targets)}" if targets else ""))
