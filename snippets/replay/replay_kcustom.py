from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_snapshots"

import pathlib  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.extend  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax._src.lib import xla_client  # noqa: E402  (private: HLO -> StableHLO lives here)

from protowire import field  # noqa: E402


def layer(a, b):  # a product large enough for YNNPACK: a kCustom fusion on the CPU
    return jnp.tanh(a @ b)


a = b = jnp.ones((64, 64))
print("fusion kinds in the optimized module:",
      sorted(set(re.findall(r"kind=(k\w+)", jax.jit(layer).lower(a, b).compile().as_text()))))
jax.jit(layer)(a, b).block_until_ready()

(snapshot_file,) = pathlib.Path("dump").glob("*.jit_layer.snapshot.*.pb")
snapshot = snapshot_file.read_bytes()
module = field(field(snapshot, 1)[0], 1)[0]  # the optimized module

backend = jax.extend.backend.get_backend()
stablehlo = xla_client._xla.mlir.hlo_to_stablehlo(module)
options = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=1)
saved = os.dup(2)
os.dup2(os.open(os.devnull, os.O_WRONLY), 2)  # XLA logs a C++ stack trace with the error
try:
    backend.compile_and_load(stablehlo, backend.devices()[:1], options)
    print("the snapshot's module compiled again")
except Exception as error:
    print("replaying the snapshot's module:", type(error).__name__, str(error).split(") ", 1)[1].splitlines()[0])
finally:
    os.dup2(saved, 2)
