from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import re
from collections import Counter
from pathlib import Path

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

from examples import mlp_args, mlp_grad  # noqa: E402
from pipeline_map import report  # noqa: E402


def running_tanh(xs):
    """A scan: XLA receives a while loop."""
    def step(carry, x):
        carry = jnp.tanh(0.5 * carry + x)
        return carry, carry
    return jax.lax.scan(step, jnp.zeros(16), xs)[1]


def around(folder, pipeline, pass_name):
    """The text of the snapshot PIPELINE.after_PASS and of the snapshot before it."""
    files = [f for f in sorted(Path(folder).glob("module_*.txt")) if re.search(r"\.\d{4}\.", f.name)]
    i = next(i for i, f in enumerate(files) if f".{pipeline}.after_{pass_name}." in f.name)
    return files[i - 1].read_text(), files[i].read_text()


mesh = jax.make_mesh((4,), ("batch",))
params, x, y = mlp_args()
by_rows = NamedSharding(mesh, P("batch"))  # the batch split over 4 devices, the parameters whole
sharded_grad = jax.jit(mlp_grad, in_shardings=(NamedSharding(mesh, P()), by_rows, by_rows))

print("=== a scan of 8 steps")
jax.jit(running_tanh).lower(jnp.ones((8, 16))).compile({"xla_dump_to": "scan", "xla_dump_hlo_pass_re": ".*"})
report("scan", pipelines=False)
before, after = around("scan", "sharding-removal", "dce")
gone = [line for line in before.splitlines() if line not in after.splitlines()]
print("deleted by sharding-removal/dce:", dict(Counter(re.search(r"= .*?([a-z][\w-]*)\(", line)[1] for line in gone)))
print("=== the MLP's gradient, the batch split over 4 devices")
sharded_grad.lower(params, x, y).compile({"xla_dump_to": "sharded", "xla_dump_hlo_pass_re": ".*"})
report("sharded", pipelines=False)
before, after = around("sharded", "HLO_passes_after_layout_assignment", "cpu-all-reduce-combiner")
print("all-reduces before and after cpu-all-reduce-combiner:", before.count(" all-reduce("), after.count(" all-reduce("))
