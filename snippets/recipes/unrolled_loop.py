import re

import jax
import jax.extend
import jax.numpy as jnp
from jax import lax


# --8<-- [start:your-function]
def python_loop(x, steps):
    for i in range(steps):  # Python runs this while JAX traces: one copy of the body per step
        x = jnp.sin(x) * 0.5 + i
    return x


def fori(x, steps):
    return lax.fori_loop(0, steps, lambda i, x: jnp.sin(x) * 0.5 + i, x)


versions = [python_loop, fori]  # each takes (x, steps), `steps` a Python int
x = jnp.ones(16)
# --8<-- [end:your-function]

# Everything below works for any such functions.
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


def equations(jaxpr):
    """Equations in a jaxpr, counting those inside loops, conds and nested jits too."""
    return sum(1 + sum(map(equations, jax.extend.core.jaxprs_in_params(eqn.params))) for eqn in jaxpr.eqns)


def instructions_of(text):
    """A computation's instructions: name -> (opcode, operand names or a constant's value, attributes)."""
    return {m[1]: (m[2], re.findall(r"%([\w.-]+)", m[3]) or [m[3]], m[4])
            for m in re.finditer(r"^\s*(?:ROOT )?%(\S+) = .*? ([a-z][\w-]*)\((.*?)\)(.*)$", text, re.M)}


def counted(computations, where, init, cond, body):
    """The turns a loop makes when its condition compares a counter slot with a constant, the
    counter starts at a constant and the body adds a constant to that same slot: what XLA's
    trip-count analysis reads, for a backend that writes no known_trip_count. None when the loop
    is not of that form (a counter that doubles, say)."""
    table = {name: instructions_of(computations[name]) for name in (where, cond, body)}

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


def trip_counts(hlo):
    """Each while's known_trip_count, or `cond:N` when its backend wrote none and its condition gives N."""
    computations = {m[1]: m[2] for m in re.finditer(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", hlo, re.M | re.S)}
    found = []
    for where, text in computations.items():
        for init, cond, body, rest in re.findall(r" while\(%(\S+)\), condition=%([\w.-]+), body=%([\w.-]+)(.*)$", text, re.M):
            trips = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', rest)
            turns = None if trips else counted(computations, where, init, cond, body)
            found += [trips[1]] if trips else [] if turns is None else [f"cond:{turns}"]
    return found


print("function      steps  equations: top-level  in all  loop primitive   HLO: instructions  while  trip count")
for fn in versions:
    for steps in (2, 8, 32):
        closed = jax.make_jaxpr(fn, static_argnums=1)(x, steps)
        loops = sorted({eqn.primitive.name for eqn in closed.jaxpr.eqns} & {"while", "scan"})
        hlo = target.compile(lambda x: fn(x, steps), x).as_text()  # steps stays a Python int
        instructions = len(re.findall(r"^\s+(?:ROOT )?%\S+ = ", hlo, re.MULTILINE))
        trips = trip_counts(hlo)
        print(f"{fn.__name__:13} {steps:5} {len(closed.jaxpr.eqns):21} {equations(closed.jaxpr):7}  "
              f"{','.join(loops) or '-':15} {instructions:18} {hlo.count(' while('):6}  {','.join(trips) or '-'}")
