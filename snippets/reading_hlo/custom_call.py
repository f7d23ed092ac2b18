import re

import jax
import jax.numpy as jnp

import target

spd = jnp.array([[4.0, 2.0], [2.0, 3.0]])  # symmetric positive definite
compiled = target.compile(jnp.linalg.cholesky, spd)
text = compiled.as_text()
print(text[text.index("ENTRY") :])  # excerpt: the ENTRY computation

# The same function on a 512x512 matrix: each ENTRY instruction's name, shape, opcode and kind.
big = target.compile(jnp.linalg.cholesky, jax.ShapeDtypeStruct((512, 512), jnp.float32)).as_text()
print("# ---- the same on f32[512,512]: ENTRY's instructions ----")
for line in big[big.index("ENTRY") :].splitlines():
    if found := re.match(r"\s*(?:ROOT )?(%\S+) = (.+?) ([\w-]+)\(", line):
        kind = re.search(r"kind=(\w+)", line)
        print(f"{found.group(1):24} {found.group(2):32} {found.group(3)} {kind.group(1) if kind else ''}".rstrip())
