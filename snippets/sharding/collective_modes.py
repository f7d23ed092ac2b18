import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import contextlib  # noqa: E402
import re  # noqa: E402
import time  # noqa: E402

import jax  # noqa: E402
import jax.extend  # noqa: E402
import numpy as np  # noqa: E402
from jax._src.lib import xla_client  # noqa: E402  (private: XLA's HLO parser and HLO -> StableHLO)

# Each device sends its partition number through one collective, written by hand in HLO.
MODULE = """HloModule modes, num_partitions=8

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT sum = f32[] add(a, b)
}

ENTRY main {
  id = u32[] partition-id(), sharding={manual}
  x = f32[] convert(id), sharding={manual}
  ROOT r = f32[] COLLECTIVE, sharding={manual}
}
"""
backend = jax.extend.backend.get_backend()


@contextlib.contextmanager
def quiet_stderr():
    """XLA's C++ warnings and failed checks go to file descriptor 2; keep them off the page."""
    saved = os.dup(2)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def run(collective):
    module = xla_client.hlo.hlo_module_from_text(MODULE.replace("COLLECTIVE", collective))
    (printed,) = [line for line in module.to_string().splitlines() if "ROOT %r" in line]
    print("written:", collective)
    print("printed:", re.sub(r"^.*? = f32\[\] | sharding=\{manual\}$", "", printed.strip()).rstrip(","))
    options = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=8)
    stablehlo = xla_client._xla.mlir.hlo_to_stablehlo(module.as_serialized_hlo_module_proto())
    with quiet_stderr():
        try:
            executable = backend.compile_and_load(stablehlo, backend.devices(), options)
            (out,) = executable.execute_sharded([]).disassemble_into_single_device_arrays()
            said = f"result on partitions 0..7: {[int(np.asarray(a)) for a in out]}"
        except Exception as e:  # noqa: BLE001
            said = f"fails: {type(e).__name__} " + re.sub(r" \(external/[^)]*\)", "", str(e).splitlines()[0])
            # The other devices' threads log the same failed check a moment later: wait for
            # them before stderr is given back, or their lines land in the output.
            time.sleep(1)
    print(said)
    print()


run("all-reduce(x), channel_id=1, replica_groups={{0}}, use_global_device_ids=false, to_apply=add")
run("all-reduce(x), channel_id=1, replica_groups={{0,1,2,3},{4,5,6,7}}, use_global_device_ids=false, to_apply=add")
run("all-reduce(x), channel_id=1, replica_groups={{0,1,2,3},{4,5,6,7}}, use_global_device_ids=true, to_apply=add")
run("collective-permute(x), channel_id=1, source_target_pairs={{0,1},{1,2},{2,3},{3,4},{4,5},{5,6},{6,7},{7,0}}")
