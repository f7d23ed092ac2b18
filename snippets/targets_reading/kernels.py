import jax
import jax.numpy as jnp

import target
from hlo_lines import entry, fusions


def mlp(x, w1, w2):
    return jax.nn.gelu(x @ w1) @ w2


shapes = [jax.ShapeDtypeStruct(shape, jnp.float32) for shape in ((8, 16), (16, 32), (32, 4))]
compiled = target.compile(mlp, *shapes)
print("\n".join(entry(compiled)))
print()
found = list(fusions(compiled))
for fusion in found:
    print(f"{fusion['name']}: {fusion['kind']}, backend kind {fusion['backend kind']}, "
          f"{len(fusion['opcodes'])} instructions, root {fusion['root']}")
    print(f"  body: {' '.join(fusion['opcodes'])}")
    for nested in fusion["nested"]:
        print(f"  nested: {nested}")
print(f"kernels (fusions in ENTRY): {len(found)}")
