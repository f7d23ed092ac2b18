import re

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
def f(x, w):
    y = jnp.transpose(x, (1, 0, 2))  # [64, 32, 128]
    z = jnp.einsum("bsd,de->bes", y, w)  # the result's last two axes swapped
    return z + 1.0


args = (jnp.ones((32, 64, 128)), jnp.ones((128, 16)))
# --8<-- [end:your-function]

# Everything below works for any function.
def report(hlo):
    """Each transpose and copy: where it sits, its op_name, and the line of Python it names."""
    # The tables at the top of the module map a stack_frame_id to a file, a line and a function.
    def table(title):
        rows = {}
        for row in hlo.split(f"\n{title}\n", 1)[-1].splitlines() if title in hlo else []:
            if not (m := re.match(r'(\d+) "?(.*?)"?$', row)):
                break
            rows[m[1]] = m[2]
        return rows

    names, functions, places, frames = map(table, ("FileNames", "FunctionNames", "FileLocations", "StackFrames"))
    shapes, computation = {}, None  # (computation, name) -> shape: fused computations reuse names
    for line in hlo.splitlines():
        if head := re.match(r"^(?:ENTRY )?%?(\S+) .*\{$", line):
            computation = head[1]
        if defined := re.match(r"^\s+(?:ROOT )?%?(\S+) = (\S+) ", line):
            shapes[computation, defined[1]] = defined[2]
    callers = {comp: name for name, comp in re.findall(r"^\s+(?:ROOT )?%?(\S+) = .*calls=%?([\w.-]+)", hlo, re.MULTILINE)}
    computation = None
    for line in hlo.splitlines():
        if head := re.match(r"^(?:ENTRY )?%?(\S+) .*\{$", line):
            computation = head[1]
        if ins := re.match(r"^\s+(?:ROOT )?%?(\S+) = (\S+) (transpose|copy)\((.*?)\)(.*)", line):
            name, shape, opcode, operand, rest = ins.groups()
            dims = re.search(r"dimensions=\{[\d,]*\}", rest)
            op_name = re.search(r'op_name="([^"]+)"', rest)
            where = None
            if frame := re.search(r"stack_frame_id=(\d+)", rest):
                place = re.search(r"file_location_id=(\d+)", frames[frame[1]])[1]
                file, function, line_no = re.search(r"file_name_id=(\d+) function_name_id=(\d+) line=(\d+)",
                                                    places[place]).groups()
                where = f"{names[file].rsplit('/', 1)[-1]}:{line_no} ({functions[function]})"
            inside = f"in fusion {callers[computation]}" if computation in callers else f"in {computation}"
            print(f"  {name} = {shape} {opcode}({shapes.get((computation, operand.lstrip('%')), operand)}) {dims[0] if dims else ''}".rstrip())
            print(f"      {inside}; op_name={op_name[1] if op_name else None}; line: {where}")


lowered = jax.jit(f).lower(*args)
print("Before XLA's passes (lowered.as_text(dialect='hlo', debug_info=True)):")
report(lowered.as_text(dialect="hlo", debug_info=True))
print("After them (compiled.as_text()):")
report(target.compile(f, *args).as_text())
