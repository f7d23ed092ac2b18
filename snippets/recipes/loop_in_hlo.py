import re

import jax
import jax.numpy as jnp
from jax import lax


# --8<-- [start:your-function]
def f(xs, h0, w):
    def step(h, x):  # one turn of the loop: carry h, input row x
        h = jnp.tanh(h @ w + x)
        return h, h.sum()  # new carry, one output per step

    return lax.scan(step, h0, xs)


args = (jnp.ones((10, 4)), jnp.zeros(4), jnp.ones((4, 4)))
# --8<-- [end:your-function]

# Everything below works for any function with a loop (scan, fori_loop, while_loop).
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

hlo = target.compile(f, *args).as_text()  # the optimized HLO
computations = {m[1]: m[2] for m in re.finditer(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", hlo, re.M | re.S)}
callers = {comp: line.split(" = ")[0].strip() for line in hlo.splitlines() for comp in re.findall(r"to_apply=%([\w.-]+)", line)}


def parameter_slots(name):
    """The computation's get-tuple-elements of its parameter: instruction name -> tuple index."""
    parameter = re.search(r"%(\S+) = .*? parameter\(0\)", computations[name])
    return dict(re.findall(rf"%([\w.-]+) = \S+ get-tuple-element\(%{re.escape(parameter[1])}\), index=(\d+)",
                           computations[name])) if parameter else {}


def reads(name):
    """Tuple indices the computation reads from its parameter, with get-tuple-element."""
    return sorted({int(i) for i in parameter_slots(name).values()})


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




for where, body_text in computations.items():
    for line in body_text.splitlines():
        # The state is a tuple, one slot per value the loop carries, or one array when it carries one.
        if not (m := re.search(r"%(\S+) = (\(.*?\)|\S+) while\((.*?)\), condition=%([\w.-]+), body=%([\w.-]+)", line)):
            continue
        name, state, init, cond, body = m.groups()
        trip = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', line)
        print(f"%{name}: while({init}), condition=%{cond}, body=%{body}")
        print(f"  in %{where}" + (f", which {callers[where]} calls" if where in callers else ""))
        turns = None if trip else counted(where, init.lstrip("%"), cond, body)
        print(f"  trip count: {trip[1] if trip else 'not known at compile time' if turns is None else turns}"
              + ("" if trip or turns is None else " (no known_trip_count: counted from the condition)"))
        slots = re.findall(r"\w+\[[\d,]*\](?:\{[\d,]*\})?", state)
        root = re.search(r"ROOT %(\S+) = (\(.*?\) \S+|\S+ \S+)\((.*?)\)", computations[body])  # name, shape opcode, operands
        if state.startswith("("):  # the body returns a tuple of the new slots
            returned = re.findall(r"%([\w.-]+)", root[3]) if root[2].endswith(" tuple") else []
        else:  # one array: the body returns it, and the condition reads its parameter whole
            returned = [root[1]]
        param_gte = parameter_slots(body)
        print("  the loop state, one tuple slot per value the loop carries:")
        for i, slot in enumerate(slots):
            unchanged = i < len(returned) and param_gte.get(returned[i]) == str(i)
            role = {(True, False): "read by the condition, updated: the counter (or the carry it tests)",
                    (True, True): "read by the condition, unchanged: a bound",
                    (False, True): "unchanged: an input the body reads",
                    (False, False): "updated every turn: a carry, or the stacked outputs"}[
                        i in reads(cond) or not state.startswith("("), unchanged]
            print(f"    slot {i}: {slot:18} {role}")
        print(f"  body %{body} returns: {' '.join(root[0].split()) if root else '?'}")
        print(f"  condition %{cond}:")
        print("\n".join("    " + " ".join(x.split(", metadata")[0].split()) for x in computations[cond].splitlines()))
