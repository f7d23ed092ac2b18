import pathlib

import jax

from mlp import example_batch, init_params, loss

params = jax.eval_shape(lambda: init_params(jax.random.key(0)))
x, y = jax.eval_shape(example_batch)
jax.jit(loss).lower(params, x, y).compile(
    {"xla_dump_to": "algsimp", "xla_dump_hlo_pass_re": "algsimp"}
)
steps = sorted(p.name for p in pathlib.Path("algsimp").glob("*.jit_loss.0*.txt"))
for name in steps:
    print(name.removeprefix("module_0000.jit_loss."))
print("files written after an algsimp run:", sum(".after_algsimp." in n for n in steps))
