from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob

import jax
import jax.numpy as jnp


def f_with(prevent_cse):
    block = jax.checkpoint(lambda x: jnp.sin(jnp.sin(x)), prevent_cse=prevent_cse)
    return lambda x: jnp.sum(block(x) * x)


def counts(text):
    return f"{text.count(' opt-barrier(')} opt-barrier, {text.count(' sine(')} sine"


for prevent_cse in (True, False):
    lowered = jax.jit(jax.grad(f_with(prevent_cse))).lower(jnp.arange(3.0))
    before, after = lowered.as_text(dialect="hlo"), lowered.compile().as_text()
    print(f"prevent_cse={prevent_cse}: before XLA {counts(before)} | after XLA {counts(after)}")

# Which passes changed those counts: dump the module after every pass and compare.
options = {"xla_dump_to": "checkpoint_passes", "xla_dump_hlo_as_text": True, "xla_dump_hlo_pass_re": ".*"}
jax.jit(jax.grad(f_with(True))).lower(jnp.arange(3.0)).compile(options)
previous = None
for path in sorted(glob.glob("checkpoint_passes/*.[0-9][0-9][0-9][0-9].*.txt")):
    now = counts(open(path).read())
    if previous is not None and now != previous:
        # a dump's name: module_NNNN.NAME.STEP.PIPELINE.after_PASS.before_NEXT.txt
        pipeline, name = path.split("/")[-1].split(".")[3], path.split(".after_")[1].split(".before_")[0]
        print(f"after pass {name} (pipeline {pipeline}): {now}")
    previous = now
