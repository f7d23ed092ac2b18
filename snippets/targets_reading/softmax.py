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

# The same softmax at 256 x 1024: how many fusions, and how many of them compute the exponential?
found = list(fusions(target.compile(softmax, jax.ShapeDtypeStruct((256, 1024), jnp.float32))))
print()
print(f"at 256 x 1024: fusions {len(found)}, with an exponential {sum('exponential' in f['opcodes'] for f in found)}")
