from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/profiling/scheduler_pass/ (git-ignored), the same on every run

import pathlib
import re

import jax
import jax.numpy as jnp
from jax.sharding import SingleDeviceSharding

import target


def mlp(x, w1, w2):
    return jax.nn.relu(x @ w1) @ w2


device = target.devices(1)[0]
shapes = [jax.ShapeDtypeStruct(shape, jnp.float32, sharding=SingleDeviceSharding(device))
          for shape in ((64, 128), (128, 256), (256, 64))]
# Default options, plus a dump of the module around every pass whose name matches the regex.
jax.jit(mlp).trace(*shapes).lower().compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": "latency-hiding"})
print("compiled for:", device.device_kind if device.platform != "cpu" else "cpu")
steps = sorted(path.name for path in pathlib.Path("dump").glob("*.txt") if re.search(r"\.\d{4}\.", path.name))
around = [re.sub(r"^module_\d{4}\.jit_mlp\.(cl_\d+\.)?\d{4}\.", "", name) for name in steps]  # in pass order
print("files around a pass matching 'latency-hiding':", len(around))
for name in around:
    print("  ", name)
options = "".join(path.read_text() for path in pathlib.Path("dump").glob("*debug_options"))
print("debug_options lines naming the scheduler:",
      [line for line in options.splitlines() if "latency_hiding" in line] or "none")
