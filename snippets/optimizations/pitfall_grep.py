import jax

from examples import X, add_ramp
from hlo_stats import stats

optimized = jax.jit(add_ramp).lower(X).compile().as_text()
# Instruction names come from JAX's operations, not from what XLA turned them into.
print("lines mentioning 'add.':", sum("%add." in line for line in optimized.splitlines()))
print("add instructions:       ", stats(optimized)["all_opcodes"]["add"])
print("instructions named add.* whose opcode is broadcast:",
      sum(line.strip().startswith("%add.") and " broadcast(" in line for line in optimized.splitlines()))
