from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob

import jax

from mlp import example_batch, init_params, loss

params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)


def counts(text):
    return f"{text.count(' transpose(')} transpose, {text.count(' reduce(')} reduce"


# Dump the gradient's module after every pass, then report the passes that changed the counts.
options = {"xla_dump_to": "grad_passes", "xla_dump_hlo_as_text": True, "xla_dump_hlo_pass_re": ".*"}
jax.jit(jax.grad(loss)).lower(params, x, y).compile(options)
previous = None
for path in sorted(glob.glob("grad_passes/*.jit_loss.[0-9][0-9][0-9][0-9].*.txt")):
    now = counts(open(path).read())
    if previous is None:
        print(f"before the first pass: {now}")
    elif now != previous:
        print(f"after pass {path.split('.after_')[1].split('.before_')[0]}: {now}")
    previous = now
