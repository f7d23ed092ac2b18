from scratch import fresh_folder

fresh_folder(__file__)

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"  # writes the buffer assignment of every compiled module

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


# --8<-- [start:your-function]
def f(q, k, v):
    scores = q @ k.T / 8.0  # [256, 256]: bigger than q, k and v together
    return jax.nn.softmax(scores, axis=-1) @ v


args = (jnp.ones((256, 64)), jnp.ones((256, 64)), jnp.ones((256, 64)))
# --8<-- [end:your-function]

# Everything below works for any function.
compiled = jax.jit(f).lower(*args).compile()
hlo = compiled.as_text()
# What each instruction computes: its op_name, or for a fusion the op_names of the instructions it fused.
ops = {}  # computation -> the op_names in it, in order
for comp, body in re.findall(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", hlo, re.MULTILINE | re.DOTALL):
    ops[comp] = list(dict.fromkeys(n.rsplit("/", 1)[-1] for n in re.findall(r'op_name="([^"]+)"', body)))
origin = {}
for name, rest in re.findall(r"^\s*(?:ROOT )?%(\S+) = (.*)$", hlo, re.MULTILINE):
    called = re.search(r"calls=%([\w.-]+)", rest)
    own = re.search(r'op_name="([^"]+)"', rest)
    origin[name] = ", ".join(ops[called[1]]) or "(no op_name)" if called else own[1].rsplit("/", 1)[-1] if own else "?"

module = re.match(r"HloModule (\S+?),", hlo)[1]  # jit_ and the name: jit__unnamed_function for a callable object
(path,) = Path("dump").glob(f"*.{module}.*after_optimizations-buffer-assignment.txt")
allocations = []  # (bytes, what it is, [its values])
for block in re.split(r"^(?=allocation \d+:)", path.read_text(), flags=re.MULTILINE)[1:]:
    head, *lines = block.strip().splitlines()
    size, kind = re.match(r"allocation \d+: size (\d+), (?:page \d+, )?(.*?)(?:, shape .*)?:$", head).groups()
    allocations.append((int(size), kind, [re.match(r" value: <\d+ (\S+)(?: \(phi\))? @\d+> \((\S+)\): (\S+)", v).groups()
                                          for v in lines if v.startswith(" value:")]))
print(f"{path.name.split('.', 1)[1]}: {len(allocations)} allocations; the largest first")
for size, kind, values in sorted(allocations, key=lambda a: -a[0])[:4]:
    print(f"{size:,} bytes  {kind}")
    for name, where, shape in values:
        print(f"    {name} {shape} ({where}) computes: {origin.get(name, '?')}")
totals = {}
for size, kind, _ in allocations:
    kind = re.sub(r" \d+$|, maybe-live-out| shape is .*", "", kind)  # "parameter 0" -> "parameter"
    totals[kind] = totals.get(kind, 0) + size
print("allocations by kind, bytes:", totals)
mem = compiled.memory_analysis()
print("memory_analysis():", {k: getattr(mem, f"{k}_size_in_bytes") for k in ("argument", "output", "temp", "alias")})
