import re

import jax
import jax.numpy as jnp
from jax import lax
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
NHWC = ("NHWC", "HWIO", "NHWC")  # lax's names for the input, kernel and output orders


def plain(x, k):  # channels last
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC)


def channels_first(x, k):  # lax's default orders: NCHW input, OIHW kernel
    return lax.conv_general_dilated(x, k, (1, 1), "SAME")


def transposed(x, k):  # upsampling by 2
    return lax.conv_transpose(x, k, (2, 2), "SAME", dimension_numbers=NHWC)


def depthwise(x, k):  # one 3x3 filter per channel
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC,
                                    feature_group_count=x.shape[-1])


def channels_first_in_loop(x, k):  # the channels-first convolution, three times in a loop
    return lax.fori_loop(0, 3, lambda i, x: channels_first(x, k), x)


nhwc, nchw = jnp.ones((2, 16, 16, 8)), jnp.ones((2, 8, 16, 16))
functions = [  # (label, function, arguments)
    ("plain", plain, (nhwc, jnp.ones((3, 3, 8, 16)))),
    ("channels_first", channels_first, (nchw, jnp.ones((16, 8, 3, 3)))),
    ("transposed", transposed, (nhwc, jnp.ones((3, 3, 8, 16)))),
    ("depthwise", depthwise, (nhwc, jnp.ones((3, 3, 1, 8)))),
    ("channels_first_in_loop", channels_first_in_loop, (nchw, jnp.ones((8, 8, 3, 3)))),
]
# --8<-- [end:your-function]

# Everything below works for any function that holds convolutions.
SHAPE = r"\((?:[^()]|\([^()]*\))*\)|\S+"  # an array's shape, or a tuple of them (a TPU layout holds parentheses)
LINE = re.compile(rf"^\s*(?:ROOT )?%?(\S+) = ({SHAPE}) ([a-z][a-z0-9-]*)\((.*?)\)(.*)$")
ROLES = {"b": "batch", "f": "feature", "i": "in", "o": "out"}


def parse(hlo):
    """Each computation's instructions as (name, shape, opcode, operands, attributes), metadata left out."""
    computations, name = {}, None
    for line in hlo.splitlines():
        if head := re.match(r"^(ENTRY )?%?([\w.-]+)(?: .*)? \{$", line):
            name = "ENTRY" if head[1] else head[2]
            computations[name] = []
        elif name and (m := LINE.match(re.sub(r", metadata=\{[^}]*\}", "", line))):
            computations[name].append((m[1], m[2], m[3], re.findall(r"%?([\w.-]+)", m[4]), m[5]))
    return computations


def attribute(attributes, key):
    found = re.search(rf"{key}=(\{{[^}}]*\}}|[^,\s]+)", attributes)
    return found[1] if found else None


def dims(shape):
    return [int(d) for d in re.search(r"\[([\d,]*)\]", shape)[1].split(",") if d]


def read_labels(labels, shapes):
    """dim_labels, one character per dimension: which role each dimension of each array plays."""
    parts = re.split(r"_|->", labels)
    for title, part, shape in zip(("input", "kernel", "output"), parts, shapes):
        sizes = dims(shape)
        roles = [f"{ROLES.get(c, 'spatial' + c)}={s}" for c, s in zip(part, sizes)]
        print(f"      {title:6} {part:6} {shape.split('{')[0]:18} {' '.join(roles)}")


def convolutions(computations):
    """Each convolution, as HLO's own op or as a library call standing for one (its name says conv)."""
    for comp, instructions in computations.items():
        for ins in instructions:
            if ins[2] == "convolution" or (ins[2] == "custom-call" and "conv" in (attribute(ins[4], "custom_call_target") or "").lower()):
                yield comp, ins


def show(label, f, args):
    lowered = jax.jit(f).lower(*args)
    before = parse(lowered.as_text(dialect="hlo"))
    print(f"== {label}")
    print("-- before XLA's passes (what JAX wrote)")
    for comp, (name, shape, _, operands, attrs) in convolutions(before):
        shapes = {n: s for n, s, *_ in before[comp]}
        labels = attribute(attrs, "dim_labels")
        print(f"  convolution  dim_labels={labels}  window={attribute(attrs, 'window')}")
        read_labels(labels, [shapes[o] for o in operands] + [shape])
        for key in ("feature_group_count", "batch_group_count"):
            if attribute(attrs, key):
                print(f"      {key}={attribute(attrs, key)}")
    after = parse(target.compile(f, *args).as_text())
    callers = {attribute(a, "calls").lstrip("%"): (c, n) for c, ins in after.items() for n, _, op, _, a in ins
               if op == "fusion"}
    print(f"-- after XLA's passes for {target.name()}")
    for comp, (name, shape, opcode, operands, attrs) in convolutions(after):
        labels = attribute(attrs, "dim_labels")
        groups = " ".join(f"{k}={attribute(attrs, k)}" for k in ("feature_group_count", "batch_group_count")
                          if attribute(attrs, k))
        print(f"  {opcode}  dim_labels={labels}  window={attribute(attrs, 'window')} {groups}".rstrip())
        if opcode == "custom-call":  # a library call XLA chose (cuDNN on an NVIDIA GPU)
            library = attribute(attrs, "custom_call_target").strip('"')
            print(f"      runs as: a call to {library}, result {re.sub(r'{[^}]*}', '', shape)}")
        elif comp in callers:  # fused: the fusion is what runs
            comp, name = callers[comp]
            fusion = next(i for i in after[comp] if i[0] == name)
            operands, attrs = fusion[3], fusion[4]
            kind = attribute(attrs, "kind")
            parts = re.search(r'outer_dimension_partitions":\[([^\]]*)\]', attrs)
            print(f"      runs as: fusion {name} (kind={kind})" + (", a loop XLA compiles" if kind == "kLoop" else "")
                  + (f"; outer_dimension_partitions=[{parts[1]}]" if parts else ""))
        else:
            print("      runs as: the convolution itself, a call into the CPU's convolution library")
        print(f"      in computation: {comp}")
        producers = {n: i for n, *i in after[comp]}
        for i, operand in enumerate(operands):
            print(f"      operand {i}: {describe(operand, producers, after)}")
        print(f"      used by: {', '.join(users(name, producers, after)) or 'nothing (the result)'}")
    calls = [a for ins in after.values() for *_, op, _, a in ins if op == "custom-call"]
    print(f"  custom-calls: {len(calls)}" + "".join(f"; {attribute(a, 'custom_call_target').strip(chr(34))}" for a in calls))


def users(name, producers, computations):
    """What reads `name`; through a get-tuple-element (a library call returns a tuple), what reads that."""
    found = []
    for user, (shape, opcode, operands, attrs) in producers.items():
        if name in operands:
            if opcode == "get-tuple-element":
                found += users(user, producers, computations)
            else:
                found.append(describe(user, producers, computations))
    return found


def describe(name, producers, computations):
    """An instruction: its opcode, and for a fusion, the opcodes of the computation it calls."""
    if name not in producers:
        return name
    shape, opcode, _, attrs = producers[name]
    if opcode == "fusion":
        inside = [i[2] for i in computations[attribute(attrs, "calls").lstrip("%")] if i[2] != "parameter"]
        return f"{name} = fusion[{' '.join(inside)}] {shape.split('{')[0]}"
    return f"{name} = {opcode} {shape.split('{')[0]}"


for label, f, args in functions:
    show(label, f, args)
