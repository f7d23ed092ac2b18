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
