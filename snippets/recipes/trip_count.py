import re

import jax
import jax.numpy as jnp
from jax._src import source_info_util  # private: where an equation came from, as JAX prints it

# --8<-- [start:your-function]
def smooth(x):
    def step(c, xi):
        return 0.9 * c + 0.1 * xi, c

    last, ys = jax.lax.scan(step, 0.0, x)  # one step per row of x
    ys = jax.lax.fori_loop(0, 7, lambda i, v: v * 1.01 + i, ys)  # static bounds
    ys = jax.lax.while_loop(lambda v: v.sum() < 1e6, lambda v: v * 2 + 1, ys)  # stops on a value
    n, ys = jax.lax.while_loop(lambda c: c[0] < 1000, lambda c: (c[0] * 2 + 1, c[1] * 1.5), (1, ys))  # 9 turns
    return last, ys


function = jax.jit(smooth)
args = (jnp.ones(100),)
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments.
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


def loops(jaxpr):
    """Every scan and while equation, in order, including those inside other loops."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in ("scan", "while"):
            yield eqn
        for value in eqn.params.values():
            for inner in value if isinstance(value, (tuple, list)) else [value]:
                if hasattr(inner, "eqns") or hasattr(inner, "jaxpr"):
                    yield from loops(getattr(inner, "jaxpr", inner))


def line_of(text):
    return re.search(r":(\d+):", text)[1]


print("in the jaxpr:")
for eqn in loops(function.trace(*args).jaxpr.jaxpr):
    where = "line " + line_of(source_info_util.summarize(eqn.source_info))
    if eqn.primitive.name == "scan":
        print(f"  {where}: scan, length={eqn.params['length']}, unroll={eqn.params['unroll']}")
    else:
        print(f"  {where}: while, no length: its cond_jaxpr decides when it stops")

hlo = target.compile_jitted(function, *args).as_text()  # the optimized HLO
computations = {m[1]: m[2] for m in re.finditer(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", hlo, re.M | re.S)}


def instructions(text):
    """A computation's instructions: name -> (opcode, operand names or a constant's value, attributes)."""
    return {m[1]: (m[2], re.findall(r"%([\w.-]+)", m[3]) or [m[3]], m[4])
            for m in re.finditer(r"^\s*(?:ROOT )?%(\S+) = .*? ([a-z][\w-]*)\((.*?)\)(.*)$", text, re.M)}


def counted(where, init, cond, body):
    """The turns a loop makes when its condition compares a counter slot with a constant, the
    counter starts at a constant and the body adds a constant to that same slot: what XLA's
    trip-count analysis reads, for a backend that writes no known_trip_count. None when the loop
    is not of that form (a counter that doubles, say)."""
    table = {name: instructions(computations[name]) for name in (where, cond, body)}

    def source(comp, name):  # the instruction behind copies and bitcasts
        while table[comp][name][0] in ("copy", "bitcast"):
            name = table[comp][name][1][0]
        return table[comp][name]

    def root(comp):
        return table[comp][re.search(r"^\s*ROOT %(\S+)", computations[comp], re.M)[1]]

    test, state = root(cond), table[where].get(init)
    if test[0] != "compare" or not state or state[0] != "tuple":
        return None
    (left, right), direction = (source(cond, x) for x in test[1]), re.search(r"direction=(\w+)", test[2])[1]
    if left[0] == "constant":  # limit < counter: turn it round
        left, right, direction = right, left, {"LT": "GT", "GT": "LT", "LE": "GE", "GE": "LE"}[direction]
    if left[0] != "get-tuple-element" or right[0] != "constant" or root(body)[0] != "tuple":
        return None
    slot = int(re.search(r"index=(\d+)", left[2])[1])
    start, update = source(where, state[1][slot]), source(body, root(body)[1][slot])
    steps = [source(body, x) for x in update[1]] if update[0] == "add" else []
    step = [x for x in steps if x[0] == "constant"]
    counter = [x for x in steps if x[0] != "constant"]  # must be the same slot, as the body reads it
    parameter = [name for name, x in table[body].items() if x[0] == "parameter"]
    if (start[0] != "constant" or len(step) != 1 or not re.fullmatch(r"-?\d+", start[1][0] + step[0][1][0])
            or len(counter) != 1 or counter[0][0] != "get-tuple-element" or counter[0][1] != parameter
            or int(re.search(r"index=(\d+)", counter[0][2])[1]) != slot):
        return None
    first, by, limit = int(start[1][0]), int(step[0][1][0]), int(right[1][0])
    limit += {"LE": 1, "GE": -1}.get(direction, 0)
    if (direction in ("LT", "LE") and by > 0) or (direction in ("GT", "GE") and by < 0):
        return max(0, -((first - limit) // by) if by > 0 else -((limit - first) // -by))
    return None


# The tables at the top of the module: stack frame -> file location -> line.
locations = dict(re.findall(r"^(\d+) \{file_name_id=\d+ function_name_id=\d+ line=(\d+)", hlo, re.MULTILINE))
frames = {frame: locations[location] for frame, location in
          re.findall(r"^(\d+) \{file_location_id=(\d+) parent_frame_id", hlo, re.MULTILINE)}
print("in the optimized HLO:")
whiles = []
for where, text in computations.items():
    for name, init, cond, body, rest in re.findall(
            r"%(\S+) = .*? while\(%(\S+)\), condition=%([\w.-]+), body=%([\w.-]+)(.*)$", text, re.MULTILINE):
        frame = re.search(r"stack_frame_id=(\d+)", rest)
        trips = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', rest)
        turns = None if trips else counted(where, init, cond, body)
        whiles.append((int(frames[frame[1]]) if frame else 0, name,
                       f"known_trip_count={trips[1]}" if trips else "no known_trip_count"
                       + (f"; the condition counts {turns}" if turns is not None else "")))
for line, name, trips in sorted(whiles):
    print(f"  line {line}: {name}, {trips}")
entry = hlo[hlo.index("\nENTRY "):]
print(f"ENTRY holds {entry.count(' while(')} of them"  # the CPU runs a small loop in a call of its own
      + (f"; {entry.count('xla_cpu_small_call')} run in a call" if target.name() == "cpu" else ""))
