import re
from collections import Counter

import jax

import target

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)

# an instruction is `name = shape opcode(operands)`; the shape is one word here
INSTRUCTION = re.compile(r"^\s*(?:ROOT )?%?\S+ = \S+ ([\w-]+)\(", re.M)


def opcodes(hlo_text):
    return Counter(INSTRUCTION.findall(hlo_text))


before = opcodes(lowered.as_text(dialect="hlo"))
after = opcodes(target.compile(mlp, params, x).as_text())
print(f"{'opcode':12}{'before':>7}{'after':>7}")
for op in sorted(before | after):
    print(f"{op:12}{before[op]:7}{after[op]:7}")
print(f"{'total':12}{sum(before.values()):7}{sum(after.values()):7}")
