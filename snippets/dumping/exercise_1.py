from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import pathlib  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402


def loss_grad(params, x, y):  # a def with a telling name: the module is jit_loss_grad
    return jax.grad(loss)(params, x, y)


params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
jax.jit(loss_grad).lower(params, x, y).compile()

dump = pathlib.Path("dump")
(after,) = dump.glob("*.jit_loss_grad.cpu_after_optimizations.txt")
entry = after.read_text().split("ENTRY")[1]  # the entry computation only
print(after.name)
print("fusion instructions in ENTRY:", entry.count(" fusion("))
