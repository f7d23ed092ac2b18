import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import pathlib  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

# Shapes only: jax.eval_shape traces without running, so nothing else gets compiled.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
jax.jit(loss).lower(params, x, y).compile()  # compiling is enough to write the dump

dump = pathlib.Path("dump")
(report,) = dump.glob("*.jit_loss.cpu_after_optimizations-buffer-assignment.txt")
print(f"== {report.name} (allocation lines only)")
for line in report.read_text().splitlines():
    if line.startswith("allocation"):
        print(line)

(usage,) = dump.glob("*.jit_loss.cpu_after_optimizations-memory-usage-report.txt")
print(f"\n== {usage.name} (first 2 lines)")
print("\n".join(usage.read_text().splitlines()[:2]))
