from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib

import jax
import jax.extend
import numpy as np
from jax._src.lib import xla_client  # private: HLO -> StableHLO lives here

from protowire import field, literal
from repro import A, B, C, residual

jax.jit(residual)(A, B, C)
dump = pathlib.Path("dump")
(snapshot_file,) = dump.glob("*.snapshot.*.pb")
snapshot = snapshot_file.read_bytes()
arguments = [literal(arg) for arg in field(snapshot, 2)]
recorded = literal(field(snapshot, 3)[0])

backend = jax.extend.backend.get_backend()


def replay(module_proto, inputs, **debug_options):
    """Compile an HloModuleProto for this CPU and run it: a small run_hlo_module."""
    stablehlo = xla_client._xla.mlir.hlo_to_stablehlo(module_proto)
    options = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=1)
    for name, value in debug_options.items():
        setattr(options.executable_build_options.debug_options, name, value)
    executable = backend.compile_and_load(stablehlo, backend.devices()[:1], options)
    (out,) = executable.execute([jax.device_put(x) for x in inputs])
    return np.asarray(out)


snapshot_module = field(field(snapshot, 1)[0], 1)[0]
(before_file,) = dump.glob("*.before_optimizations.hlo.pb")
before_module = field(before_file.read_bytes(), 1)[0]

print("recorded in the snapshot:             ", recorded)
print("snapshot module, snapshot inputs:     ", replay(snapshot_module, arguments))
print("  ... with the fusion pass disabled:  ", replay(snapshot_module, arguments, xla_disable_hlo_passes="fusion"))
print("before_optimizations, snapshot inputs:", replay(before_module, arguments))
print("  ... with the fusion pass disabled:  ", replay(before_module, arguments, xla_disable_hlo_passes="fusion"))

rng = np.random.default_rng(0)  # fake data of the right shapes, like --force_fake_data
fake = [rng.standard_normal(x.shape).astype(x.dtype) for x in arguments]
print("before_optimizations, fake inputs:    ", replay(before_module, fake))
