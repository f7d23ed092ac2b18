"""The loop tuple's slots, read from the unoptimized HLO of the scan."""
import re

import jax
import jax.numpy as jnp

from cumsum import cumsum

LINE = re.compile(r"^\s*(ROOT )?(\S+) = (\(.*?\)|\S+) ([\w-]+)\((.*?)\)(.*)$")


def parse(text):
    """computation -> {instruction: (shape, opcode, operands, attributes)}, and each ROOT."""
    computations, roots = {}, {}
    for line in text.splitlines():
        if line.endswith("{") and not line.startswith("HloModule"):
            current = line.split()[-2]  # "region_0.4 {" or "ENTRY main.6 {"
            computations[current] = {}
        elif m := LINE.match(line):
            root, name, shape, opcode, operands, attrs = m.groups()
            computations[current][name] = (shape, opcode, operands.split(", ") if operands else [], attrs)
            if root:
                roots[current] = name
    return computations, roots


def attribute(attrs, key):
    return re.search(key + r"=([\w.]+)", attrs).group(1)


def describe(comp, name):
    """Where a value comes from, looking through call and get-tuple-element."""
    shape, opcode, operands, attrs = C[comp][name]
    if opcode == "get-tuple-element" and C[comp][operands[0]][1] == "call":
        called = attribute(C[comp][operands[0]][3], "to_apply")
        return describe(called, C[called][R[called]][2][int(attribute(attrs, "index"))])
    if opcode == "call":
        called = attribute(attrs, "to_apply")
        return describe(called, R[called])
    if opcode == "get-tuple-element":
        return f"slot {attribute(attrs, 'index')}, unchanged"
    if opcode == "constant":
        return f"constant {operands[0]}"
    if opcode == "parameter":
        return f"parameter {operands[0]}, {name}"
    if opcode == "broadcast":
        return "broadcast of " + describe(comp, operands[0])
    return opcode


def readers(comp, name):
    """The opcodes that consume a value, looking into called computations."""
    found = []
    for user, (shape, opcode, operands, attrs) in C[comp].items():
        for position, operand in enumerate(operands):
            if operand != name:
                continue
            if opcode == "call":  # follow the value to the callee's parameter
                called = attribute(attrs, "to_apply")
                parameter = next(n for n, i in C[called].items()
                                 if i[1] == "parameter" and i[2] == [str(position)])
                found += readers(called, parameter)
            elif opcode == "reshape":  # look through a reshape
                found += readers(comp, user)
            elif opcode in ("dynamic-slice", "dynamic-update-slice") and position > 0:
                found.append(f"{opcode} (index)")
            elif opcode != "tuple":
                found.append(opcode)
    return found


def slot_names(comp):
    """Slot number -> the get-tuple-element that takes it out of the computation's parameter."""
    parameter = next(n for n, i in C[comp].items() if i[1] == "parameter")
    return {int(attribute(i[3], "index")): n for n, i in C[comp].items()
            if i[1] == "get-tuple-element" and i[2] == [parameter]}


def role(in_condition, returns):
    if in_condition != "-":
        return "counter"
    if returns.endswith("unchanged"):
        return "xs (read only)"
    if returns == "dynamic-update-slice":
        return "stacked outputs"
    return "carry"


for xs in [jnp.arange(5.0), jnp.ones((3, 2), jnp.bfloat16)]:
    C, R = parse(jax.jit(cumsum).lower(xs).as_text(dialect="hlo"))
    entry = next(c for c in C if c.startswith("main"))
    loop = next(i for i in C[entry].values() if i[1] == "while")
    body, condition = attribute(loop[3], "body"), attribute(loop[3], "condition")
    start = C[entry][loop[2][0]][2]  # the operands of the tuple the while starts from
    returned = C[body][R[body]][2]  # the operands of the body's ROOT tuple
    body_slots, cond_slots = slot_names(body), slot_names(condition)
    print(f"xs: {xs.dtype}{list(xs.shape)}; while(...), condition={condition}, body={body}")
    print(f"{'slot':<5}{'shape':<10}{'starts as (ENTRY)':<25}{'body reads it in':<57}"
          f"{'body returns':<22}{'condition reads it in':<23}role")
    for slot, shape in enumerate(re.findall(r"\w+\[[\d,]*\]", loop[0])):
        reads = ", ".join(readers(body, body_slots[slot])) if slot in body_slots else "-"
        back = describe(body, returned[slot])
        in_condition = ", ".join(readers(condition, cond_slots[slot])) if slot in cond_slots else ""
        in_condition = in_condition or "-"
        print(f"{slot:<5}{shape:<10}{describe(entry, start[slot]):<25}{reads:<57}"
              f"{back:<22}{in_condition:<23}{role(in_condition, back)}")
    print()
