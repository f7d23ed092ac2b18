import re

import jax

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()


def opcode_count(hlo, opcode):
    return sum(f" {opcode}(" in line for line in hlo.splitlines())


def entry(hlo):
    """The lines of the ENTRY computation (the others are called from it)."""
    return hlo.split("\nENTRY ")[1].split("\n}")[0].splitlines()[1:]


def result_type(hlo):
    header = hlo.splitlines()[0]  # HloModule ..., entry_computation_layout={(args)->result}...
    return header.split("->", 1)[1].split(", allow")[0][:-1]


INSTRUCTION = re.compile(r"^\s*(?:ROOT )?%?(\S+) = (\w+\[[\d,]*\])\S* ([\w-]+)\(%?([^,)]*)")


def reduced_shapes(hlo):
    """The shape of the array each reduce( sums, wherever it sits."""
    found = [INSTRUCTION.match(line) for line in hlo.splitlines()]
    shapes = {m[1]: m[2] for m in found if m}
    return [shapes[m[4]] for m in found if m and m[3] == "reduce"]


compiled = {}
for name, fn in [("forward: jit(loss)", loss), ("gradient: jit(grad(loss))", jax.grad(loss))]:
    lowered = jax.jit(fn).lower(params, x, y)
    before = lowered.as_text(dialect="hlo")
    after = compiled[name] = lowered.compile().as_text()
    print(name)
    print("  returns (before XLA):", result_type(before))
    print("  returns (after XLA): ", result_type(after))
    print("  ENTRY instructions before / after XLA:", len(entry(before)), "/", len(entry(after)))
    for opcode in ["dot", "transpose", "reduce", "fusion"]:
        print(f"  {opcode + '(':11} {opcode_count(before, opcode)} / {opcode_count(after, opcode)}")
    print("  arrays the reduce( instructions sum, before XLA:", *reduced_shapes(before))
    print("  arrays the reduce( instructions sum, after XLA: ", *reduced_shapes(after))

gradient = entry(compiled["gradient: jit(grad(loss))"])
print("\nExcerpt: the gradient's top-level dot( lines after XLA, with the op_name JAX recorded")
for line in gradient:
    if " dot(" in line:
        instruction, metadata = line.strip().split(", metadata={op_name=")
        print(instruction)
        print("    op_name:", metadata.split('"')[1])


def computations(hlo):
    """{computation name: its text} for the computations other than ENTRY."""
    blocks = hlo.split("\n\n%")[1:]
    return {block.split(" ", 1)[0]: block.split("\n}")[0] for block in blocks}


def stages(text):
    """Which part of the gradient the op_names in a text come from."""
    found = {name.split("/")[1] for name in re.findall(r'op_name="([^"]+)"', text) if "/" in name}
    return ", ".join(sorted(found))


def op_name(line):
    return line.split('op_name="')[1].split('"')[0]


fused = computations(compiled["gradient: jit(grad(loss))"])
print("\nThe op_name of every top-level instruction that computes something, in order")
print("(for a fusion, in brackets: the parts its fused instructions come from)")
for line in gradient:
    if "op_name=" in line and " parameter(" not in line:
        inside = re.search(r"calls=%(\S+?),", line)
        note = f"  [{stages(fused[inside[1]])}]" if inside else ""
        print(f"  {line.split()[0]:26}", op_name(line) + note)

fusions = [line for line in gradient if " fusion(" in line]
same = 0
for line in fusions:
    body = fused[re.search(r"calls=%(\S+?),", line)[1]]
    root = next(inner for inner in body.splitlines() if "ROOT " in inner)
    same += op_name(line) == op_name(root)
print(f"\nfusions whose op_name is that of their ROOT instruction: {same} of {len(fusions)}")
