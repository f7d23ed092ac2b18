import re

import jax
import jax.numpy as jnp

import target
from hlo_lines import entry, fusions


def attention(q, k, v):
    weights = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]).astype(q.dtype), axis=-1)
    return weights @ v


q = k = v = jax.ShapeDtypeStruct((128, 64), jnp.float32)
compiled = target.compile(attention, q, k, v)
print("\n".join(entry(compiled)))
print()
for fusion in fusions(compiled):
    print(f"{fusion['name']} ({fusion['kind']}, backend kind {fusion['backend kind']}): {' '.join(fusion['opcodes'])}")
    for nested in fusion["nested"]:
        print(f"  nested: {nested}")

# The same function at two more sizes: is there a custom-call, and how many exponentials are left?
for n, d in ((8, 16), (512, 128)):
    text = target.compile(attention, *[jax.ShapeDtypeStruct((n, d), jnp.float32)] * 3).as_text()
    calls = sorted(set(re.findall(r"%([\w-]+?)(?:\.\d+)? = \S+ custom-call\(", text)))
    print(f"at {n} x {d}: custom-calls {calls or 'none'}, exponentials {text.count(' exponential(')}")
