"""When does a transpose move data? XLA's rule, applied to transposes in live HLO text."""

from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import shutil
from pathlib import Path

import jax
import jax.numpy as jnp


def is_free(operand_layout, result_layout, dimensions):
    """The test of XLA's ShapeUtil::TransposeIsBitcast.

    Result dimension d is operand dimension dimensions[d]. Rename each number of the
    result's layout that way; if that gives the operand's layout, the bytes are already
    where the result needs them, and the transpose is a bitcast.
    """
    return [dimensions[d] for d in result_layout] == list(operand_layout)


def numbers(text):
    return [int(n) for n in text.split(",")]


NAME_AND_LAYOUT = r"(%[\w.\-]+) = \w+\[[\d,]*\]\{([\d,]*)\}"
TRANSPOSE = NAME_AND_LAYOUT + r" transpose\((%[\w.\-]+)\), dimensions=\{([\d,]*)\}"


def show(module_text):
    """Print the transposes and copies of one module, each transpose with the rule's verdict."""
    layouts = dict(re.findall(NAME_AND_LAYOUT, module_text))
    for line in module_text.splitlines():
        line = line.split(", metadata=")[0].strip()
        if found := re.fullmatch(TRANSPOSE, line):
            _, result, operand, dimensions = found.groups()
            free = is_free(numbers(layouts[operand]), numbers(result), numbers(dimensions))
            print(f"  {line:70} {'free' if free else 'moves data'}")
        elif " copy(" in line:
            print(f"  {line}")


print("x.T of an f32[8,16]{1,0}, dimensions={1,0}:")
print("  result f32[16,8]{0,1}:", "free" if is_free([1, 0], [0, 1], [1, 0]) else "moves data")
print("  result f32[16,8]{1,0}:", "free" if is_free([1, 0], [1, 0], [1, 0]) else "moves data")


def batched(a, b):
    """A batched product whose batch dimension b is the second dimension of a."""
    return jnp.einsum("ibk,bkj->bij", a, b)


for i, b, k, j in [(8, 4, 16, 32), (512, 8, 64, 512)]:
    a_shape = jax.ShapeDtypeStruct((i, b, k), jnp.float32)
    b_shape = jax.ShapeDtypeStruct((b, k, j), jnp.float32)
    folder = f"dump_{i}"
    shutil.rmtree(folder, ignore_errors=True)
    # Dump the module just before and just after the layout-assignment pass.
    jax.jit(batched).lower(a_shape, b_shape).compile(
        {"xla_dump_to": folder, "xla_dump_hlo_pass_re": "^layout-assignment$"}
    )
    print(f"\neinsum('ibk,bkj->bij') of f32[{i},{b},{k}] and f32[{b},{k},{j}]")
    for stage in ["before_layout-assignment", "after_layout-assignment"]:
        (path,) = Path(folder).glob(f"*.{stage}.*")
        print(stage.replace("_", " ") + ":")
        show(path.read_text())

# A dimension of size 1 holds one element, so its place in the layout does not matter.
# x.T of an f32[1,8]: the rule above says "moves data" for a row-major result, yet XLA
# compiles the transpose to a bitcast.
print("\nx.T of an f32[1,8]{1,0}, dimensions={1,0}:")
print("  result f32[8,1]{1,0}, by the rule:", "free" if is_free([1, 0], [1, 0], [1, 0]) else "moves data")
text = jax.jit(lambda x: x.T).lower(jax.ShapeDtypeStruct((1, 8), jnp.float32)).compile().as_text()
entry = text[text.index("ENTRY"):]
print("  compiled ENTRY:", [re.search(r"\} ([\w-]+)\(", line).group(1)
                           for line in entry.splitlines() if " = " in line])
