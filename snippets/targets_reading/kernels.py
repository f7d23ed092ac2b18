import jax
import jax.numpy as jnp

import target
from hlo_lines import _opcode, computations, entry, fusions


def mlp(x, w1, w2):
    return jax.nn.gelu(x @ w1) @ w2


shapes = [jax.ShapeDtypeStruct(shape, jnp.float32) for shape in ((8, 16), (16, 32), (32, 4))]
compiled = target.compile(mlp, *shapes)
every = computations(compiled.as_text())
print("\n".join(entry(compiled)))
print()
found = list(fusions(compiled))
for fusion in found:
    print(f"{fusion['name']}: {fusion['kind']}, backend kind {fusion['backend kind']}, "
          f"{len(fusion['opcodes'])} instructions, root {fusion['root']}")
    print(f"  body: {' '.join(fusion['opcodes'])}")
    for nested in fusion["nested"]:
        body = [_opcode(line) for line in every[nested.split()[1]]]
        print(f"  nested: {nested}: {' '.join(opcode for opcode in body if opcode != 'parameter')}")
print(f"kernels (fusions in ENTRY): {len(found)}")
