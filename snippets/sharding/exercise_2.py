from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os
import re

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

mesh = jax.make_mesh((8,), ("batch",))
params = jax.device_put(init_params(), NamedSharding(mesh, P()))
x, y = jax.device_put(example_batch(batch=64), NamedSharding(mesh, P("batch")))


def sgd_step(params, x, y, lr=0.1):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


jax.jit(sgd_step).lower(params, x, y).compile(
    {"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "spmd-partitioning|all-reduce-combiner"}
)
for name in sorted(os.listdir("dump")):
    if "spmd-partitioning" in name or "all-reduce-combiner" in name or name.endswith("after_optimizations.txt"):
        text = open(os.path.join("dump", name)).read()
        short = re.sub(r"^module_\d+\.", "", name)
        print(f"{text.count(' all-reduce('):2d} all-reduce  {short}")
