from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax

from mlp import example_batch, init_params, loss

params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
jax.jit(loss).lower(params, x, y).compile(
    {"xla_dump_to": "algsimp", "xla_dump_hlo_pass_re": "algsimp"}
)
steps = sorted(pathlib.Path("algsimp").glob("*.jit_loss.0*.txt"))
for path in steps:
    print(path.name.removeprefix("module_0000.jit_loss."))

# Each after_algsimp file follows the before_algsimp file of the same run:
# compare the HLO below the first line (the header) to see whether the run changed it.
print()
for before, after in zip(steps[0::2], steps[1::2]):
    same = before.read_text().split("\n", 1)[1] == after.read_text().split("\n", 1)[1]
    print(after.name.split(".")[3], "run", "changed nothing" if same else "changed the module")
