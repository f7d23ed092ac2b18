import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import SingleDeviceSharding

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
functions = [  # (label, a function of one array)
    ("sort", jnp.sort),
    ("argsort", jnp.argsort),
    ("top_k", lambda x: lax.top_k(x, 3)),
    ("argmax", lambda x: jnp.argmax(x, axis=-1)),
]
row = jnp.array([3.0, -0.0, 7.0, 1.0, 0.0, 5.0, 2.0, 6.0])  # -0.0 and 0.0: equal to the comparator
x = jnp.stack([jnp.roll(row, i) for i in range(4)])  # float32[4, 8]
# --8<-- [end:your-function]

# Everything below works for any function of one array.
LINE = re.compile(r"^\s*(ROOT )?%?([\w.-]+) = (\(.*?\)|\S+) ([a-z][a-z0-9-]*)\((.*?)\)(.*)$")
SHOWN = ("sort", "topk", "custom-call", "reduce")


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
    return re.sub(r"\{[^{}]*\}", "", shape)  # layouts out: {1,0}, a TPU's {0,1:T(8,128)}


def attribute(attrs, key):
    found = re.search(rf"\b{key}=(\{{[^}}]*\}}|[^,\s]+)", attrs)
    return found[1] if found else None


def describe(name, instructions, computations):
    """An operand: its producer's opcode, what a fusion holds, what a broadcast or convert takes."""
    if name not in instructions:
        return name
    shape, opcode, operands, attrs, _ = instructions[name]
    if opcode == "fusion":
        inside = [i[1] for i in computations[attribute(attrs, "calls").lstrip("%")].values() if i[1] != "parameter"]
        return f"{name}: fusion[{' '.join(inside)}] {short(shape)}"
    if opcode in ("broadcast", "convert", "reverse") and operands[0] in instructions:
        return f"{name}: {opcode} of {instructions[operands[0]][1]} {short(shape)}"
    return f"{name}: {opcode} {short(shape)}"


def read_params(computation):
    """A comparator or reducer: its parameters' types, which ones its ROOT reads, and its ROOT."""
    params = sorted((int(i[2][0]), short(i[0])) for i in computation.values() if i[1] == "parameter")
    root = next(n for n, i in computation.items() if i[4])
    seen, todo = set(), [root]
    while todo:
        name = todo.pop()
        if name in computation and name not in seen:
            seen.add(name)
            todo += computation[name][2]
    read = [str(int(i[2][0])) for n, i in computation.items() if i[1] == "parameter" and n in seen]
    shape, opcode, _, attrs, _ = computation[root]
    tail = ", ".join(f"{k}={attribute(attrs, k)}" for k in ("direction", "order") if attribute(attrs, k))
    body = " ".join(i[1] for i in computation.values() if i[1] not in ("parameter", "constant"))
    return (f"{len(params)} parameters {' '.join(t for _, t in params)}; reads {' '.join(sorted(read, key=int)) or 'none'}",
            f"body: {body}", f"ROOT {opcode} {short(shape)} {tail}".rstrip())


def report(computations):
    callers = {attribute(a, "calls").lstrip("%"): (c, n) for c, ins in computations.items()
               for n, (_, op, _, a, _) in ins.items() if op == "fusion"}
    for comp, instructions in computations.items():
        for name, (shape, opcode, operands, attrs, _) in instructions.items():
            if opcode not in SHOWN or (opcode == "reduce" and len(operands) < 4):
                continue  # a reduce of one array is not an arg-reduction
            where = f"in fusion {callers[comp][1]} ({attribute(computations[callers[comp][0]][callers[comp][1]][3], 'kind')})" \
                if comp in callers else f"in {comp}"
            print(f"  {opcode} {short(shape)}  {where}")
            print(f"      operands: {'; '.join(describe(o, instructions, computations) for o in operands)}")
            keys = ("dimensions", "is_stable", "k", "largest", "custom_call_target")
            print(f"      {' '.join(f'{k}={attribute(attrs, k)}' for k in keys if attribute(attrs, k))}")
            called = attribute(attrs, "to_apply") or attribute(attrs, "called_computations")
            if called:
                name = called.strip("{}%")
                params, body, root = read_params(computations[name])
                print(f"      {'comparator' if opcode != 'reduce' else 'reducer'} {name}: {params}")
                print(f"        {body}")
                print(f"        {root}")


SHOWN_AS = {"cpu": "CPU", "tpu-v5e": "TPU v5e", "h100": "H100"}


def lower(f, *args):
    """jax.jit(f).lower(*args), for the target's device: a lowering rule may differ by platform."""
    if target.name() == "cpu":
        return jax.jit(f).lower(*args)
    device = target.devices(1)[0]
    return jax.jit(f).trace(*(jax.ShapeDtypeStruct(jnp.shape(a), jnp.result_type(a), sharding=SingleDeviceSharding(device))
                              for a in args)).lower()


for label, f in functions:
    lowered = lower(f, x)
    print(f"== {label}")
    print("-- before XLA's passes")
    report(parse(lowered.as_text(dialect="hlo")))
    after = parse(lowered.compile().as_text())
    print(f"-- after the {SHOWN_AS.get(target.name(), target.name())}'s passes")
    report(after)
    print("  ENTRY:", ", ".join(describe(n, after["ENTRY"], after) for n, i in after["ENTRY"].items()
                                if i[1] not in ("parameter", "constant")))
    if target.name() != "cpu":  # a compile-only device runs nothing
        print(f"  result: not run (compiled for {target.name()}, which is not here)")
        continue
    leaves = [np.asarray(v, np.float32 if v.dtype == jnp.bfloat16 else v.dtype) for v in jax.tree.leaves(jax.jit(f)(x))]
    text = [np.array2string(v.reshape(-1, v.shape[-1])[0] if v.ndim > 1 else v, separator=", ") for v in leaves]
    print("  result, first row:", "; ".join(text))
