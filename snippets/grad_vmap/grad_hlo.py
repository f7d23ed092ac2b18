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

print("\nExcerpt: the gradient's top-level dot( lines after XLA, with the op_name JAX recorded")
for line in entry(compiled["gradient: jit(grad(loss))"]):
    if " dot(" in line:
        instruction, metadata = line.strip().split(", metadata={op_name=")
        print(instruction)
        print("    op_name:", metadata.split('"')[1])
