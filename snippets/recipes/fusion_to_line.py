import linecache
import re
from collections import Counter, defaultdict
import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
def gelu(v):  # a helper: its lines are listed with the line that called it
    return 0.5 * v * (1 + jnp.tanh(0.7978845608 * (v + 0.044715 * v ** 3)))


def block(x, w, gamma):
    h = x @ w
    mean = h.mean(axis=-1, keepdims=True)
    var = jnp.mean((h - mean) ** 2, axis=-1, keepdims=True)
    h = (h - mean) * jax.lax.rsqrt(var + 1e-5) * gamma
    return gelu(h)


function = jax.jit(block)
args = (jnp.ones((8, 16)), jnp.ones((16, 32)), jnp.ones(32))
wanted = []  # the fusions you ask about, as your profile or dump names them ("fusion.3"); [] for all
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments.
hlo = target.compile_jitted(function, *args).as_text()  # the optimized HLO


def table(name, pattern):  # one of the tables at the top of the module (none before JAX 0.9)
    body = re.search(rf"^{name}\n(.*?)\n\n", hlo, re.MULTILINE | re.DOTALL)
    return {int(m[0]): m[1:] for m in re.findall(rf"^(\d+) {pattern}", body[1] if body else "", re.MULTILINE)}


files = {i: path for i, (path,) in table("FileNames", r'"(.*)"').items()}
functions = {i: name for i, (name,) in table("FunctionNames", r'"(.*)"').items()}
places = {i: (files[int(f)], functions[int(fn)], int(line)) for i, (f, fn, line) in
          table("FileLocations", r"\{file_name_id=(\d+) function_name_id=(\d+) line=(\d+)").items()}
frames = {i: (places[int(loc)], int(parent) - 1) for i, (loc, parent) in  # a parent is printed one higher
          table("StackFrames", r"\{file_location_id=(\d+) parent_frame_id=(\d+)").items()}


def origin(metadata):
    """The line that made an instruction, then the lines that called it: ((file, function, line), ...)."""
    if old := re.search(r'source_file="(.*?)" source_line=(\d+)', metadata):  # older XLA: one frame only
        return ((old[1], "?", int(old[2])),)
    frame = int(found[1]) if (found := re.search(r"stack_frame_id=(\d+)", metadata)) else None
    chain = []
    while frame in frames:
        place, frame = frames[frame]
        if place[1] != "<module>" and place not in chain[-1:]:  # not the top level of a script or cell,
            chain.append(place)                                  # nor a frame repeated (scan, vmap)
    return tuple(chain)


def where(chain):
    (path, name, line), *callers = chain
    text = f"line {line} in {name}" + "".join(f", from line {n} in {f}" for _, f, n in callers)
    return f"{text}: {linecache.getline(path, line).strip()}"


# Each computation's instructions, and the computations a fusion calls (a fused one may call more).
bodies = dict(re.findall(r"^(?:ENTRY )?%(\S+) .*?\{\n(.*?)\n\}", hlo, re.MULTILINE | re.DOTALL))
instructions = {name: re.findall(r"%(\S+) = .*? ([a-z][\w-]*)\((.*)", body) for name, body in bodies.items()}


def fused(computation):  # (opcode, metadata) of everything a fused computation runs
    for _, opcode, rest in instructions[computation]:
        if opcode in ("parameter", "constant"):
            continue
        if called := re.search(r"\bcalls=%([\w.-]+)", rest):  # a fusion inside the fusion
            yield from fused(called[1])
        else:  # a reduce's to_apply computation is part of the reduce: not read
            yield opcode, rest


shown = several = 0
for computation, found in instructions.items():
    for name, opcode, rest in found:
        if opcode != "fusion" or (wanted and name not in [w.lstrip("%") for w in wanted]):
            continue
        kind, called = re.search(r"kind=(\w+), calls=%([\w.-]+)", rest).groups()
        own = origin(rest)
        print(f"%{name} ({kind}), its own metadata: " + (f"line {own[0][2]} in {own[0][1]}" if own else "no line"))
        by_origin = defaultdict(Counter)
        for op, metadata in fused(called):
            by_origin[origin(metadata)][op] += 1
        for chain, opcodes in sorted(by_origin.items(), key=lambda item: (not item[0], item[0][:1])):
            print(f"    {where(chain) if chain else 'no line'}")
            print("        " + ", ".join(f"{op} x{n}" if n > 1 else op for op, n in sorted(opcodes.items())))
        shown += 1
        several += len({chain[0] for chain in by_origin if chain}) > 1
print(f"fusions: {shown}, holding the work of several lines: {several}")
