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
hlo = jax.jit(f).lower(*args).compile().as_text()
computations = {m[1]: m[2] for m in re.finditer(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", hlo, re.M | re.S)}
callers = {comp: line.split(" = ")[0].strip() for line in hlo.splitlines() for comp in re.findall(r"to_apply=%([\w.-]+)", line)}


def reads(name):
    """Tuple indices the computation reads from its parameter, with get-tuple-element."""
    return sorted({int(i) for i in re.findall(r"get-tuple-element\(%[\w.-]+\), index=(\d+)", computations[name])})


for where, body_text in computations.items():
    for line in body_text.splitlines():
        # The state is a tuple, one slot per value the loop carries, or one array when it carries one.
        if not (m := re.search(r"%(\S+) = (\(.*?\)|\S+) while\((.*?)\), condition=%([\w.-]+), body=%([\w.-]+)", line)):
            continue
        name, state, init, cond, body = m.groups()
        trip = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', line)
        print(f"%{name}: while({init}), condition=%{cond}, body=%{body}")
        print(f"  in %{where}" + (f", which {callers[where]} calls" if where in callers else ""))
        print(f"  trip count: {trip[1] if trip else 'not known at compile time'}")
        slots = re.findall(r"\w+\[[\d,]*\](?:\{[\d,]*\})?", state)
        root = re.search(r"ROOT %(\S+) = (\(.*?\) \S+|\S+ \S+)\((.*?)\)", computations[body])  # name, shape opcode, operands
        if state.startswith("("):  # the body returns a tuple of the new slots
            returned = [x.strip().lstrip("%") for x in root[3].split(",")] if root[2].endswith(" tuple") else []
        else:  # one array: the body returns it, and the condition reads its parameter whole
            returned = [root[1]]
        param_gte = dict(re.findall(r"%([\w.-]+) = \S+ get-tuple-element\(%[\w.-]+\), index=(\d+)", computations[body]))
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
