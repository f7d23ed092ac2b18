import re

import jax
import jax.numpy as jnp
import numpy as np


# --8<-- [start:your-function]
def add(x, idx, v):
    return x.at[idx].add(v)


def add_promised(x, idx, v):  # the same, promising sorted and unique indices
    return x.at[idx].add(v, indices_are_sorted=True, unique_indices=True)


def set_(x, idx, v):
    return x.at[idx].set(v)


def segment_sum(x, idx, v):  # x only gives the number of segments
    return jax.ops.segment_sum(v, idx, num_segments=x.shape[0], indices_are_sorted=True)


x, idx, v = jnp.zeros(8), jnp.array([1, 3, 3, 6]), jnp.array([1.0, 2.0, 3.0, 4.0])
functions = [("add", add), ("add_promised", add_promised), ("set", set_), ("segment_sum", segment_sum)]
# --8<-- [end:your-function]

# Everything below works for any function of (x, idx, v) that scatters.
LINE = re.compile(r"^\s*(ROOT )?%?([\w.-]+) = (\(.*?\)|\S+) ([a-z][a-z0-9-]*)\((.*?)\)(.*)$")
KEYS = ("update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims", "index_vector_dim",
        "indices_are_sorted", "unique_indices")


def parse(hlo):
    """computation -> {name: (shape, opcode, operands, attributes, is_root)}, metadata left out."""
    computations, comp = {}, None
    for line in hlo.splitlines():
        if head := re.match(r"^(ENTRY )?%?([\w.-]+)(?: .*)? \{$", line):
            comp = "ENTRY" if head[1] else head[2]
            computations[comp] = {}
        elif comp and (m := LINE.match(re.sub(r", metadata=\{[^}]*\}", "", line))):
            root, name, shape, opcode, operands, attrs = m.groups()
            computations[comp][name] = (shape, opcode, re.findall(r"%?([\w.-]+)", operands), attrs, bool(root))
    return computations


def short(shape):
    return re.sub(r"\{[\d,]*\}", "", shape)


def attribute(attrs, key):
    found = re.search(rf"\b{key}=(\{{[^}}]*\}}|[^,\s]+)", attrs)
    return found[1] if found else None


def describe(name, instructions, computations):
    """An operand: its producer, what a fusion holds, what a copy, bitcast or reshape takes."""
    if name not in instructions:
        return name
    shape, opcode, operands, attrs, _ = instructions[name]
    if opcode == "fusion":
        inside = [i[1] for i in computations[attribute(attrs, "calls").lstrip("%")].values()
                  if i[1] not in ("parameter", "constant")]
        return f"fusion[{' '.join(inside)}] {short(shape)}"
    if opcode in ("copy", "bitcast", "reshape", "broadcast") and operands and operands[0] in instructions:
        return f"{opcode} of {instructions[operands[0]][1]} {short(shape)}"
    return f"{opcode} {short(shape)}"


def report(computations):
    callers = {attribute(a, "calls").lstrip("%"): (c, n) for c, ins in computations.items()
               for n, (_, op, _, a, _) in ins.items() if op == "fusion"}
    for comp, instructions in computations.items():
        for name, (shape, opcode, operands, attrs, _) in instructions.items():
            if opcode != "scatter":
                continue
            if comp in callers:  # the scatter's operands are the fusion's parameters: name the fusion's own
                outer, fusion = callers[comp]
                kind = attribute(computations[outer][fusion][3], "kind")
                held = [i[1] for i in instructions.values() if i[1] not in ("parameter", "constant")]
                print(f"  scatter {short(shape)}  in fusion {fusion} ({kind}), which holds: {' '.join(held)}")
                operands, instructions = computations[outer][fusion][2], computations[outer]
            else:
                print(f"  scatter {short(shape)}  in {comp}")
            for role, operand in zip(("operand", "indices", "updates"), operands):
                print(f"      {role + ':':9} {describe(operand, instructions, computations)}")
            print("      " + " ".join(f"{k}={attribute(attrs, k)}" for k in KEYS if attribute(attrs, k)))
            update = computations[attribute(attrs, "to_apply").lstrip("%")]
            params = {n: f"parameter({i[2][0]})" for n, i in update.items() if i[1] == "parameter"}
            root = next(i for i in update.values() if i[4])
            args = ", ".join(params.get(o, o) for o in root[2])
            print(f"      to_apply: ROOT {root[1]}({args})")


for label, f in functions:
    print(f"== {label}")
    jaxpr = jax.make_jaxpr(f)(x, idx, v)
    for eqn in jaxpr.eqns:  # the scatter equations, inner jits included
        inner = [eqn] + [e for p in eqn.params.values() if hasattr(p, "jaxpr") for e in p.jaxpr.eqns]
        for e in inner:
            if e.primitive.name.startswith("scatter"):
                params = " ".join(f"{k}={e.params[k]}" for k in ("indices_are_sorted", "unique_indices", "mode"))
                print(f"-- jaxpr: {e.primitive.name} {params}")
    lowered = jax.jit(f).lower(x, idx, v)
    print("-- before XLA's passes")
    report(parse(lowered.as_text(dialect="hlo")))
    after = parse(lowered.compile().as_text())
    print("-- after the CPU's passes")
    report(after)
    print("  ENTRY:", ", ".join(f"{n} = {describe(n, after['ENTRY'], after)}" for n, i in after["ENTRY"].items()
                                if i[1] not in ("parameter", "constant")))
    result = np.asarray(jax.jit(f)(x, idx, v), np.float32)
    print("  result:", np.array2string(result.reshape(-1, result.shape[-1])[0] if result.ndim > 1 else result,
                                       separator=", "))
