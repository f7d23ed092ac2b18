import inspect
import re
from collections import Counter, defaultdict

import jax
import jax.numpy as jnp

# --8<-- [start:your-function]
def block(x, w, b):
    h = x @ w + b
    h = jax.nn.relu(h)
    scale = jnp.sqrt(jnp.sum(h * h, axis=-1, keepdims=True))
    return h / scale


function, python_function = jax.jit(block), block
args = (jnp.ones((8, 16)), jnp.ones((16, 32)), jnp.ones(32))
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments.
hlo = function.lower(*args).compile().as_text()  # the optimized HLO


def table(name, pattern):  # one of the tables at the top of the module (none before JAX 0.9)
    body = re.search(rf"^{name}\n(.*?)\n\n", hlo, re.MULTILINE | re.DOTALL)
    return {int(m[0]): m[1:] for m in re.findall(rf"^(\d+) {pattern}", body[1] if body else "", re.MULTILINE)}


files = {i: path for i, (path,) in table("FileNames", r'"(.*)"').items()}
places = {i: (files[int(f)], int(line)) for i, (f, line) in table("FileLocations", r"\{file_name_id=(\d+) function_name_id=\d+ line=(\d+)").items()}
frames = {i: (places[int(loc)], int(parent) - 1) for i, (loc, parent) in  # a parent is printed one higher
          table("StackFrames", r"\{file_location_id=(\d+) parent_frame_id=(\d+)").items()}
source, first = inspect.getsourcelines(python_function)
here = inspect.getsourcefile(python_function)


def line_of(metadata):  # the innermost frame on a line of the function, following the callers
    frame = int(re.search(r"stack_frame_id=(\d+)", metadata)[1]) if "stack_frame_id=" in metadata else None
    if old := re.search(r'source_file="(.*?)" source_line=(\d+)', metadata):  # older XLA: one frame only
        frames[frame] = ((old[1], int(old[2])), None)
    while frame in frames:
        (path, line), parent = frames[frame]
        if path == here and first <= line < first + len(source):
            return line
        frame = parent


# Each computation's instructions, and which fusion runs each fused computation.
runs_in, by_line = {}, defaultdict(lambda: defaultdict(Counter))
for m in re.finditer(r"%(\S+) = .*? fusion\(.*?kind=(\w+), calls=%([\w.-]+)", hlo):
    runs_in[m[3]] = f"{m[1]} ({m[2]})"
reducers = {c for op, c in re.findall(r"= .*? ([a-z][\w-]*)\(.*?to_apply=%([\w.-]+)", hlo) if op != "call"}
for computation, body in re.findall(r"^(?:ENTRY )?%(\S+) .*?\{\n(.*?)\n\}", hlo, re.MULTILINE | re.DOTALL):
    if computation in reducers:  # the scalar add of a reduce: part of the reduce itself
        continue
    for name, opcode, rest in re.findall(r"%(\S+) = .*? ([a-z][\w-]*)\((.*)", body):
        if opcode in ("parameter", "constant", "fusion"):  # inputs, and the fusions' own lines
            continue
        line = line_of(rest)
        by_line[line][runs_in.get(computation, f"{name} (unfused)")][opcode] += 1

lines = sorted(line for line in by_line if line)
for line in lines:
    print(f"line {line}: {source[line - first].strip()}")
    for where, opcodes in by_line[line].items():
        print(f"    {where}: " + ", ".join(f"{op} x{n}" if n > 1 else op for op, n in sorted(opcodes.items())))
merged = defaultdict(list)
for line in lines:
    for where in by_line[line]:
        merged[where].append(line)
print("fusions holding several lines:", {where: found for where, found in merged.items() if len(found) > 1})
print("instructions without a line:", dict(sorted(sum(by_line[None].values(), Counter()).items())))
