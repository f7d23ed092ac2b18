import math
import re
import warnings

import numpy as np

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def f(x):
    rows = x.reshape(4, 8, 32)  # splits dimension 0: 32 rows become 4 x 8
    flat_t = x.T.reshape(-1)  # merges the two dimensions of a transpose
    return rows, flat_t


args = (jnp.ones((32, 32)),)
# --8<-- [end:your-function]

# Everything below works for any jitted function of arrays: it compiles it as written and with
# every argument donated, and judges each reshape, transpose, bitcast and copy of the optimized HLO.
LINE = re.compile(r"^\s*(ROOT )?%(\S+) = (\(.*?\)|\S+) ([\w-]+)\((.*?)\)(.*)$")  # one instruction
SHAPE = re.compile(r"^(\w+)\[([\d,]*)\](?:\{([\d,]*)[^}]*\})?$")  # f32[4,8]{1,0}; after a ':' is ignored


def parse(hlo):
    """Each instruction: its computation, opcode, dtype, dimensions, layout, operands, attributes."""
    found, computation, entry = {}, None, None
    for line in hlo.splitlines():
        if head := re.match(r"^(ENTRY )?%(\S+) \(.*\{$", line):
            computation = head[2]
            entry = computation if head[1] else entry
        elif m := LINE.match(line):
            root, name, shape, opcode, operands, attrs = m.groups()
            s = SHAPE.match(shape)  # None for a tuple
            found[name] = dict(
                computation=computation, opcode=opcode, root=bool(root), attrs=attrs,
                operands=re.findall(r"%([\w.-]+)", operands),
                number=operands if opcode == "parameter" else None,
                dtype=s and s[1], dims=s and tuple(int(d) for d in s[2].split(",") if d),
                layout=s and tuple(int(d) for d in (s[3] or "").split(",") if d))
    return found, entry


def strides(dims, layout):
    """How far apart in memory two neighbours along each dimension are, in elements."""
    out, step = [0] * len(dims), 1
    for d in layout:  # minor to major
        out[d], step = step, step * dims[d]
    return out


def offsets(dims, layout):
    """The memory position of every element of an array of these dimensions laid out so."""
    major_to_minor = layout[::-1]
    in_memory = np.arange(math.prod(dims)).reshape([dims[d] for d in major_to_minor])
    return in_memory.transpose(np.argsort(major_to_minor))


def same_bytes(ins, operand):
    """Whether each element of the result sits where it sat in the operand (size-1 dims aside)."""
    if ins["opcode"] == "reshape":  # elements in row-major order, at the same places; lists them all
        return np.array_equal(offsets(operand["dims"], operand["layout"]).reshape(ins["dims"]),
                              offsets(ins["dims"], ins["layout"]))
    perm = range(len(ins["dims"]))  # a copy: each element keeps its index
    if ins["opcode"] == "transpose":  # result dimension i is operand dimension perm[i]
        perm = [int(d) for d in re.search(r"dimensions=\{([\d,]*)\}", ins["attrs"])[1].split(",")]
    a, b = strides(operand["dims"], operand["layout"]), strides(ins["dims"], ins["layout"])
    return all(b[i] == a[p] for i, p in enumerate(perm) if ins["dims"][i] > 1)


def verdict(ins, operand):
    if ins["opcode"] == "bitcast":
        return "free: a bitcast"
    if ins["opcode"] == "copy":
        return "COPY: same order, a second buffer" if same_bytes(ins, operand) else "COPY: reorders the elements"
    return "free: same bytes, relabelled" if same_bytes(ins, operand) else "MOVES the elements"


def text(ins):
    return f"{ins['dtype']}[{','.join(map(str, ins['dims']))}]{{{','.join(map(str, ins['layout']))}}}"


def report(title, jitted):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hlo = target.compile_jitted(jitted, *args).as_text()
    found, entry = parse(hlo)
    callers = {re.search(r"calls=%([\w.-]+)", i["attrs"])[1]: name
               for name, i in found.items() if i["opcode"] == "fusion"}
    alias = re.search(r"input_output_alias=\{ .*? \}", hlo.splitlines()[0])
    print(f"{title}: {alias[0] if alias else 'no input_output_alias'}")
    for w in caught:
        print("  warning:", str(w.message).splitlines()[0])
    where = None
    for name, ins in found.items():
        if ins["opcode"] not in ("reshape", "transpose", "bitcast", "copy") or ins["dims"] is None:
            continue
        if ins["computation"] != where:
            where = ins["computation"]
            print("  in " + ("ENTRY" if where == entry else f"fusion {callers[where]}" if where in callers
                             else f"computation {where}") + ":")
        operand = found[ins["operands"][0]]
        perm = re.search(r"dimensions=\{[\d,]*\}", ins["attrs"])
        change = f"{text(operand)} -> {text(ins)}" + (f" {perm[0]}" if perm else "")
        print(f"    %{name:12} {ins['opcode']:9} {change:55} {verdict(ins, operand)}")

    def made_of(name):  # an output, as the chain of copies and bitcasts that makes it
        ins = found[name]
        if ins["opcode"] == "parameter":
            return f"parameter {ins['number']}"
        if ins["opcode"] in ("copy", "bitcast", "reshape", "transpose"):
            return f"{ins['opcode']}({made_of(ins['operands'][0])})"
        return f"{ins['opcode']} %{name}"

    root = next(n for n, i in found.items() if i["root"] and i["computation"] == entry)
    results = found[root]["operands"] if found[root]["opcode"] == "tuple" else [root]
    for k, name in enumerate(results):
        print(f"  output {k} = {made_of(name)}")


report("jax.jit(f)", jax.jit(f))
report("jax.jit(f, donate_argnums=<every argument>)", jax.jit(f, donate_argnums=tuple(range(len(args)))))
