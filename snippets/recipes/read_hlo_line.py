import re

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def layer(w, b, x):
    return jax.nn.relu(x @ w + b)


args = (jnp.ones((16, 32)), jnp.zeros(32), jnp.ones((8, 16)))
function = layer
pick = " fusion("  # the first instruction line of the optimized HLO that contains this
# --8<-- [end:your-function]

# Everything below works for any function and any instruction line.
def closing(text, start):
    """The index just past the bracket that closes text[start], skipping nested ones and quotes."""
    pairs, depth, quoted = {"(": ")", "{": "}", "[": "]"}, [], False
    for i in range(start, len(text)):
        c = text[i]
        if c == '"' and text[i - 1] != "\\":
            quoted = not quoted
        elif not quoted and c in pairs:
            depth.append(pairs[c])
        elif not quoted and depth and c == depth[-1]:
            depth.pop()
            if not depth:
                return i + 1
    raise ValueError(f"unbalanced: {text[start:start + 40]}")


def split_top(text):
    """Split at the commas that are not inside brackets or quotes."""
    parts, start, i = [], 0, 0
    while i < len(text):
        if text[i] in "({[\"":
            i = closing(text, i) if text[i] != '"' else text.index('"', i + 1) + 1
            continue
        if text[i] == ",":
            parts.append(text[start:i].strip())
            start = i + 1
        i += 1
    return [p for p in parts + [text[start:].strip()] if p]


def parse(line):
    """An HLO instruction line -> its parts, labelled."""
    root = line.lstrip().startswith("ROOT ")
    name, rest = line.strip().removeprefix("ROOT ").split(" = ", 1)
    end = closing(rest, 0) if rest.startswith("(") else rest.index(" ")  # a tuple shape has spaces
    shape, rest = rest[:end], rest[end:].lstrip()
    opcode = rest[:rest.index("(")]
    end = closing(rest, len(opcode))
    operands = split_top(rest[len(opcode) + 1:end - 1])
    attributes = dict(part.partition("=")[::2] for part in split_top(rest[end:].lstrip(", ")))
    return {"ROOT": root, "name": name, "shape": shape, "opcode": opcode, "operands": operands,
            "metadata": attributes.pop("metadata", None),
            "backend_config": attributes.pop("backend_config", None), "attributes": attributes}


hlo = target.compile(function, *args).as_text()
lines = [line for line in hlo.splitlines() if re.match(r"\s+(ROOT )?%?\S+ = ", line)]
line = next((l for l in lines if pick in l), None) or next(l for l in lines if "ROOT" in l)
print("line:", line.strip())
parts = parse(line)
for label, value in parts.items():
    if label == "attributes":
        print("attributes:")
        for key, val in value.items():
            print(f"    {key} = {val}")
    else:
        print(f"{label + ':':15} {value}")
for element, dims, layout in re.findall(r"(\w+)\[([\d,]*)\](\{[^}]*\})?", parts["shape"]):  # a tuple has several
    print(f"    shape part: element type {element}, dimensions [{dims}], layout {layout or '-'} (minor to major)")


def join(p):
    """The parts put back together, in the order HLO prints them."""
    tail = [f"{k}={v}" for k, v in p["attributes"].items()]
    tail += [f"{k}={p[k]}" for k in ("metadata", "backend_config") if p[k] is not None]
    return ("ROOT " if p["ROOT"] else "") + f"{p['name']} = {p['shape']} {p['opcode']}(" \
        + ", ".join(p["operands"]) + ")" + "".join(", " + t for t in tail)


same = sum(join(parse(l)) == l.strip() for l in lines)
print(f"instruction lines of the module that the parts give back exactly: {same} of {len(lines)}")
