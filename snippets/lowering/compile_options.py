from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import re

import jax

from mlp import example_batch, init_params, loss, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

# XLA debug options for this one compilation, instead of XLA_FLAGS for all of them
options = {"xla_dump_to": "dump", "xla_dump_hlo_as_text": True}
jax.jit(mlp).lower(params, x).compile(options)
jax.jit(loss).lower(params, x, y).compile()  # no options: nothing dumped


def files(folder):
    return [re.sub(r"^module_\d+\.", "module_N.", name) for name in sorted(os.listdir(folder))]  # the number varies


print("\n".join(files("dump")))

# The same compile, also asking for what the CPU backend emits for each kernel
jax.jit(mlp).lower(params, x).compile({**options, "xla_dump_to": "dump_kernels", "xla_dump_emitter_re": ".*"})
print("== with xla_dump_emitter_re='.*' as well, these files are added:")
print("\n".join(name for name in files("dump_kernels") if name not in files("dump")))
