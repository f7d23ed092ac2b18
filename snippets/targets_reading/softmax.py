import jax
import jax.numpy as jnp

import target
from hlo_lines import entry, fusions


def softmax(x):
    return jax.nn.softmax(x, axis=-1)


compiled = target.compile(softmax, jax.ShapeDtypeStruct((8, 16), jnp.float32))
print("\n".join(entry(compiled)))
print()
for fusion in fusions(compiled):
    print(f"{fusion['name']} ({fusion['kind']}, backend kind {fusion['backend kind']}): {' '.join(fusion['opcodes'])}")
