from scratch import fresh_folder

fresh_folder(__file__)

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"  # writes the buffer assignment of every compiled module

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import target  # noqa: E402  (the CPU, or the target of LIVE_TARGET: see snippets/target.py)


# --8<-- [start:your-function]
def f(q, k, v):
    scores = q @ k.T / 8.0  # [256, 256]: bigger than q, k and v together
    return jax.nn.softmax(scores, axis=-1) @ v


args = (jnp.ones((256, 64)), jnp.ones((256, 64)), jnp.ones((256, 64)))
# --8<-- [end:your-function]

# Everything below works for any function.
compiled = target.compile(f, *args)  # for the CPU: jax.jit(f).lower(*args).compile()
hlo = compiled.as_text()
# What each instruction computes: its op_name, or for a fusion the op_names of the instructions it fused.
ops = {}  # computation -> the op_names in it, in order
for comp, body in re.findall(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", hlo, re.MULTILINE | re.DOTALL):
    ops[comp] = list(dict.fromkeys(n.rsplit("/", 1)[-1] for n in re.findall(r'op_name="([^"]+)"', body)))
origin = {}
for name, rest in re.findall(r"^\s*(?:ROOT )?%(\S+) = (.*)$", hlo, re.MULTILINE):
    called = re.search(r"calls=%([\w.-]+)", rest)
    own = re.search(r'op_name="([^"]+)"', rest)
    operand = re.search(r" [a-z][\w-]*\(%([\w.-]+)", rest)  # its first operand
    if called:
        origin[name] = ", ".join(ops[called[1]]) or "(no op_name)"
    elif own:
        origin[name] = own[1].rsplit("/", 1)[-1]
    else:  # no op_name (a TPU's copy-start that prefetches an argument): what its operand computes
        origin[name] = origin.get(operand[1], "?") if operand else "?"

module = re.match(r"HloModule (\S+?),", hlo)[1]  # jit_ and the name: jit__unnamed_function for a callable object
(path,) = Path("dump").glob(f"*.{module}.*after_optimizations-buffer-assignment.txt")
# A TPU's allocations carry a color, their memory space; the memory-usage report names each (1 is vmem, 2 smem, and so on).
report = Path(str(path).replace("-buffer-assignment.txt", "-memory-usage-report.txt")).read_text()
spaces = {color: space for space, color in re.findall(r"^Memory Space: (\S+) \(color=(\d+)\)$", report, re.MULTILINE)}
allocations = []  # (bytes, what it is, [its values])
for block in re.split(r"^(?=allocation \d+:)", path.read_text(), flags=re.MULTILINE)[1:]:
    head, *lines = block.strip().splitlines()
    size, color, kind = re.match(r"allocation \d+: size (\d+), (?:color (\d+), )?(?:page \d+, )?(.*?)(?:, shape .*)?:$", head).groups()
    kind += f" in {spaces[color]}" if color else ""  # no color: the default memory space (HBM, or the host's RAM)
    allocations.append((int(size), kind, [re.match(r" value: <\d+ (\S+)(?: \(phi\))? @\d+> \((\S+)\): (.+)", v).groups()
                                          for v in lines if v.startswith(" value:")]))
print(f"{re.sub(r'cl_[0-9]+', 'cl_N', path.name.split('.', 1)[1])}: {len(allocations)} allocations; the largest first")
for size, kind, values in sorted(allocations, key=lambda a: -a[0])[:4]:
    print(f"{size:,} bytes  {kind}")
    for name, where, shape in values:
        print(f"    {name} {shape} ({where}) computes: {origin.get(name.split('{')[0], '?')}")
totals = {}
for size, kind, _ in allocations:
    kind = re.sub(r" \d+(?= in |$)|, maybe-live-out| shape is .*", "", kind)  # "parameter 0" -> "parameter"
    totals[kind] = totals.get(kind, 0) + size
print("allocations by kind, bytes:", totals)
mem = compiled.memory_analysis()
print("memory_analysis():", {k: getattr(mem, f"{k}_size_in_bytes") for k in ("argument", "output", "temp", "alias")})
