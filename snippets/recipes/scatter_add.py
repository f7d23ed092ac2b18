import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def add(x, idx, v):
    return x.at[idx].add(v)


def add_promised(x, idx, v):  # the same, promising sorted and unique indices
    return x.at[idx].add(v, indices_are_sorted=True, unique_indices=True)


def set_(x, idx, v):
    return x.at[idx].set(v)


def segment_sum(x, idx, v):  # x only gives the number of segments
    return jax.ops.segment_sum(v, idx, num_segments=x.shape[0], indices_are_sorted=True)


def add_columns(x, idx, v):  # into columns of a 2-D x: its own arguments, below
    return x.at[:, idx].add(v)


x, idx, v = jnp.zeros(8), jnp.array([1, 3, 3, 6]), jnp.array([1.0, 2.0, 3.0, 4.0])
# (label, function), or (label, function, its own (x, idx, v)) where the shapes differ
functions = [("add", add), ("add_promised", add_promised), ("set", set_), ("segment_sum", segment_sum),
             ("add_columns", add_columns, (jnp.zeros((64, 16)), idx, jnp.ones((64, 4))))]
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
    return re.sub(r"\{[^{}]*\}", "", shape)  # layouts out: {1,0}, a TPU's {0:T(128)}


def attribute(attrs, key):
    found = re.search(rf"\b{key}=(\{{[^}}]*\}}|[^,\s]+)", attrs)
    return found[1] if found else None


def describe(name, instructions, computations):
    """An operand: its producer, what a fusion holds, what a copy, bitcast or reshape takes."""
    if name not in instructions:
        return name
    shape, opcode, operands, attrs, _ = instructions[name]
    if opcode in ("fusion", "fusion-start"):  # fusion-start: a fusion run asynchronously
        inside = [i[1] for i in computations[attribute(attrs, "calls").lstrip("%")].values()
                  if i[1] not in ("parameter", "constant")]
        return f"fusion[{' '.join(inside)}] {short(shape)}"
    if opcode in ("copy", "bitcast", "reshape", "transpose", "broadcast") and operands and operands[0] in instructions:
        return f"{opcode} of {instructions[operands[0]][1]} {short(shape)}"
    return f"{opcode} {short(shape)}"


def outside(computations, callers, comp, name):
    """A fusion's parameter is what its caller passes there: follow it out, through nested fusions."""
    while comp in callers and computations[comp][name][1] == "parameter":
        outer, fusion = callers[comp]
        name = computations[outer][fusion][2][int(computations[comp][name][2][0])]
        comp = outer
    return comp, name


def report(computations):
    callers = {attribute(a, "calls").lstrip("%"): (c, n) for c, ins in computations.items()
               for n, (_, op, _, a, _) in ins.items() if op == "fusion"}
    for comp, instructions in computations.items():
        for name, (shape, opcode, operands, attrs, _) in instructions.items():
            if opcode != "scatter":
                continue
            if comp in callers:
                outer, fusion = callers[comp]
                kind = attribute(computations[outer][fusion][3], "kind")
                held = [i[1] for i in instructions.values() if i[1] not in ("parameter", "constant")]
                print(f"  scatter {short(shape)}  in fusion {fusion} ({kind}), which holds: {' '.join(held)}")
            else:
                print(f"  scatter {short(shape)}  in {comp}")
            for role, operand in zip(("operand", "indices", "updates"), operands):
                where, operand = outside(computations, callers, comp, operand)
                print(f"      {role + ':':9} {describe(operand, computations[where], computations)}")
            print("      " + " ".join(f"{k}={attribute(attrs, k)}" for k in KEYS if attribute(attrs, k)))
            update = computations[attribute(attrs, "to_apply").lstrip("%")]
            params = {n: f"parameter({i[2][0]})" for n, i in update.items() if i[1] == "parameter"}
            root = next(i for i in update.values() if i[4])
            args = ", ".join(params.get(o, o) for o in root[2])
            print(f"      to_apply: ROOT {root[1]}({args})")


SHOWN_AS = {"cpu": "CPU", "tpu-v5e": "TPU v5e", "h100": "H100"}


def lower(f, *args):
    """jax.jit(f).lower(*args), for the target's device: a GPU's lowering rules can differ from the CPU's."""
    if target.name() == "cpu":
        return jax.jit(f).lower(*args)
    device = target.devices(1)[0]
    return jax.jit(f).trace(*(jax.ShapeDtypeStruct(jnp.shape(a), jnp.result_type(a), sharding=SingleDeviceSharding(device))
                              for a in args)).lower()


for label, f, *own in functions:
    print(f"== {label}")
    args = own[0] if own else (x, idx, v)
    jaxpr = jax.make_jaxpr(f)(*args)
    for eqn in jaxpr.eqns:  # the scatter equations, inner jits included
        inner = [eqn] + [e for p in eqn.params.values() if hasattr(p, "jaxpr") for e in p.jaxpr.eqns]
        for e in inner:
            if e.primitive.name.startswith("scatter"):
                params = " ".join(f"{k}={e.params[k]}" for k in ("indices_are_sorted", "unique_indices", "mode"))
                print(f"-- jaxpr: {e.primitive.name} {params}")
    lowered = lower(f, *args)
    print("-- before XLA's passes")
    report(parse(lowered.as_text(dialect="hlo")))
    after = parse(lowered.compile().as_text())
    print(f"-- after the {SHOWN_AS.get(target.name(), target.name())}'s passes")
    report(after)
    print("  ENTRY:", ", ".join(f"{n} = {describe(n, after['ENTRY'], after)}" for n, i in after["ENTRY"].items()
                                if i[1] not in ("parameter", "constant")))
    if target.name() != "cpu":  # a compile-only device runs nothing
        print(f"  result: not run (compiled for {target.name()}, which is not here)")
        continue
    result = np.asarray(jax.jit(f)(*args), np.float32)
    print("  result:", np.array2string(result.reshape(-1, result.shape[-1])[0] if result.ndim > 1 else result,
                                       separator=", "))
