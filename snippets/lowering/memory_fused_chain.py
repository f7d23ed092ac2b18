import re

import jax
import jax.numpy as jnp

import target


def chain(x):
    for _ in range(4):  # four products, each f32[512,512], 1 MiB
        x = jnp.tanh(x @ x.T)
    return x.sum()


compiled = target.compile(chain, jax.ShapeDtypeStruct((512, 512), jnp.float32))
memory = compiled.memory_analysis()
for key in ("argument", "output", "temp"):
    print(f"{key:9} {getattr(memory, key + '_size_in_bytes'):8}")

text = compiled.as_text()
entry = text[text.index("ENTRY"):]
print("== the entry computation (no metadata)")
print("\n".join(re.sub(r", metadata=\{[^}]*\}", "", line) for line in entry.splitlines() if " = " in line))
print("== the values inside that fusion, which the buffer assignment never sees")
fused = text[text.index("%fused_computation"):text.index("ENTRY")]
for shape, opcode in re.findall(r"= (f32\[[\d,]*\])\{?[\d,]*\}? (dot|tanh)\(", fused):
    print(f"{opcode:5} {shape}")
