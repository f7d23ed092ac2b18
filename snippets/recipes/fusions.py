import re
from collections import Counter

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
def layer(x, w, b, v):
    h = jax.nn.gelu(x @ w + b)
    h = (h - h.mean(axis=-1, keepdims=True)) * jax.lax.rsqrt(h.var(axis=-1, keepdims=True) + 1e-5)
    return h @ v + 1.0  # a matrix-vector product and an add


function = jax.jit(layer)
args = (jnp.ones((256, 512)), jnp.ones((512, 512)), jnp.ones(512), jnp.ones(512))
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments.
hlo = target.compile_jitted(function, *args).as_text()  # the optimized HLO
opcodes = {}  # computation name -> the opcodes of its instructions
for match in re.finditer(r"^(ENTRY )?%(\S+) .*?\{\n(.*?)\n\}", hlo, re.MULTILINE | re.DOTALL):
    opcodes["ENTRY" if match[1] else match[2]] = re.findall(r"= .*? ([a-z][\w-]*)\(", match[3])  # shapes may be tuples
fusions = re.findall(r"^\s*(?:ROOT )?%(\S+) = .*? fusion\(.*?kind=(\w+), calls=%([\w.-]+)(.*)$", hlo, re.MULTILINE)
print("fusions by kind:", dict(sorted(Counter(kind for _, kind, _, _ in fusions).items())))
print("ENTRY, fusions and unfused instructions:", dict(sorted(Counter(opcodes["ENTRY"]).items())))
for name, kind, called, rest in fusions:
    library = re.search(r'"fusion(?:_backend)?_config":\{"kind":"(\w+)"', rest)  # kCustom: which library or emitter
    fused = Counter(op for op in opcodes[called] if op != "parameter")
    print(f"{name} ({kind}{' ' + library[1] if library else ''}):",
          ", ".join(f"{op} x{n}" if n > 1 else op for op, n in sorted(fused.items())))
