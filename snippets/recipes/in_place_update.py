from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/in_place_update/ (git-ignored), the same on every run

import pathlib
import re

import jax
import jax.numpy as jnp
from jax import lax


# --8<-- [start:your-function]
def update(x, i, y):  # one row set
    return x.at[i].set(y)


def update_in_loop(x, i, y):  # eight rows set, one per step of a fori_loop; x is the carry
    return lax.fori_loop(0, 8, lambda k, c: c.at[(i + k) % c.shape[0]].set(k * y), x)


def update_then_read_old(x, i, y):  # the old row is read after the update
    return x.at[i].set(y), x[i]


x, i, y = jnp.zeros((1024, 256)), 3, jnp.ones(256)
functions = [("update", update), ("update_in_loop", update_in_loop), ("update_then_read_old", update_then_read_old)]
# --8<-- [end:your-function]

# Everything below works for any function of (x, ...) that updates the array x, its first
# argument: each one is compiled twice, as it is and with x donated (donate_argnums=0).
args = (x, i, y)


def evidence(jitted):
    """Compile, then print the header, the memory, and where each array of x's shape lives."""
    for old in pathlib.Path(".").glob("dump*"):
        for file in old.iterdir():
            file.unlink()
    compiled = jitted.lower(*args).compile({"xla_dump_to": "dump"})
    hlo = compiled.as_text()
    alias = re.search(r"input_output_alias=\{.*?\) \}", hlo.splitlines()[0])
    print("  header: ", alias.group(0) if alias else "no input_output_alias")
    m = compiled.memory_analysis()
    print(f"  memory:  argument {m.argument_size_in_bytes}, output {m.output_size_in_bytes}, "
          f"alias {m.alias_size_in_bytes}, temp {m.temp_size_in_bytes} bytes; x is {x.nbytes}")

    # Every instruction: its shape and its operands. Fused computations are the bodies of fusions.
    shape, operands, fused_ops, inside = {}, {}, {}, {}
    computation = None
    for line in hlo.splitlines():
        head = re.match(r"(?:ENTRY )?%(\S+) .*\{$", line)
        if head:
            computation = head.group(1)
            continue
        inst = re.match(r"\s+(?:ROOT )?%(\S+) = (\S+?)(?:\{[\d,]*\})? (\S+?)\((.*?)\)", line)
        if inst:
            name, shp, op, ops = inst.groups()
            shape[name] = shp
            operands[name] = (op, re.findall(r"%([\w.\-]+)", ops), re.search(r"calls=%([\w.\-]+)", line))
            fused_ops.setdefault(computation, set()).add(op)
            inside[name] = computation
    role = {c: "a while body" for c in re.findall(r" while\(.*?body=%([\w.\-]+)", hlo)}
    role[re.search(r"\nENTRY %(\S+)", hlo).group(1)] = "ENTRY"
    entry = hlo[hlo.index("\nENTRY"):]
    x_shape = re.search(r"= (\S+?)(?:\{[\d,]*\})? parameter\(0\)", entry).group(1)

    # A get-tuple-element reads a loop's carry: the buffer of the tuple's element.
    carried = {name: f"{ops[0]}{{{index}}}" for name, (op, ops, _) in operands.items() if op == "get-tuple-element"
               for index in re.findall(rf"%{re.escape(name)} = .*?, index=(\d+)", hlo)}

    # Where each value of x's shape lives: the buffer assignment of this compile.
    (dump,) = pathlib.Path("dump").glob("*after_optimizations-buffer-assignment.txt")
    where, kinds, shown = {}, {}, {}
    for block in re.split(r"\n(?=allocation \d+:)", dump.read_text().split("\n\n")[0]):
        head = re.match(r"allocation (\d+): size (\d+), [^\n]*", block)
        if not head:
            continue
        kind = ("parameter " + p.group(1) if (p := re.search(r"parameter (\d+)", head.group(0)))
                else "temp" if "preallocated-temp" in head.group(0) else "output" if "maybe-live-out" in head.group(0)
                else "other")
        if "maybe-live-out" in head.group(0) and kind.startswith("parameter"):
            kind += ", output"
        for value, phi, shp in re.findall(r"value: <\d+ (\S+?)( \(phi\))? @\d+> \(size=\d+,offset=\d+\): (\S+?)\{", block):
            if shp == x_shape:
                where[value] = head.group(1)  # a loop's carry is a phi: the same buffer in every step
                kinds[head.group(1)] = kind
                shown.setdefault(head.group(1), []).extend([] if phi else [value])
    print(f"  buffers of {x_shape}:")
    for number in sorted(set(where.values()), key=int):
        print(f"    allocation {number} ({kinds[number]}): {', '.join(shown[number])}")

    for name, (op, ops, calls) in operands.items():
        body = fused_ops.get(calls.group(1), set()) if calls else {op}
        if name in where and body & {"dynamic-update-slice", "scatter"}:
            updated = next((o for o in ops if o in where or (o in carried and shape[o] == x_shape)), None)
            where.setdefault(updated, where.get(carried.get(updated)))
            verb = "in place" if updated and where[updated] == where[name] else "into another buffer"
            kind = "/".join(sorted(body & {"dynamic-update-slice", "scatter"}))
            print(f"  update:  {name} ({kind}) in {role.get(inside[name], inside[name])} writes allocation "
                  f"{where[name]}, {verb} (operand {updated}: allocation {where.get(updated)})")
    for name, (op, ops, _) in operands.items():
        if op == "copy" and shape[name] == x_shape:
            print(f"  copy:    {name} = copy({ops[0]}) in {role.get(inside[name], inside[name])}, "
                  f"allocation {where.get(ops[0])} -> {where.get(name)}")


for label, f in functions:
    print(f"== {label}")
    print(f"-- jax.jit({label}): x not donated")
    evidence(jax.jit(f))
    print(f"-- jax.jit({label}, donate_argnums=0)")
    evidence(jax.jit(f, donate_argnums=0))
