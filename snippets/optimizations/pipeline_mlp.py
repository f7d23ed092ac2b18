from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import jax

from examples import mlp_args, mlp_grad
from pipeline_map import report

# The MLP's gradient, compiled once with a snapshot after every pass that changed it.
jax.jit(mlp_grad).lower(*mlp_args()).compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
report("dump")
