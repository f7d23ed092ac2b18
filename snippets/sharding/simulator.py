import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import re  # noqa: E402
from collections import Counter  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax._src.lib import xla_client  # noqa: E402  (private: the HLO classes jaxlib ships)
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
# The contracting dimension is split over 8 devices: each multiplies its slice, and the
# partial products are summed with an all-reduce.
layer = jax.jit(lambda a, b: jnp.tanh(a @ b),
                in_shardings=(NamedSharding(mesh, P(None, "x")), NamedSharding(mesh, P("x", None))),
                out_shardings=NamedSharding(mesh, P()))

# XLA's fingerprint print options write every replica group out as a list. Their
# other settings differ from the defaults, so only the groups are taken from them,
# matched to the default text by instruction name (kept by the two settings below).
GROUPS = re.compile(r"replica_groups=(mesh\[[^\]]*\] \{[^}]*\}|\{\{.*?\}\}|\[[^ ]*\]<=\[[^ ]*\](T\([^)]*\))?)")
NAME = re.compile(r"^\s*(?:ROOT )?%?([\w.-]+) = ")
as_lists = xla_client.hlo.HloPrintOptions.fingerprint()
as_lists.canonicalize_instruction_names, as_lists.print_ids = False, True
print("print_full_replica_group_list settable from Python:",
      hasattr(xla_client.hlo.HloPrintOptions, "print_full_replica_group_list"))


def with_listed_groups(module):
    """The module's default text, with each collective's groups in the explicit form."""
    listed = {NAME.match(line).group(1): GROUPS.search(line).group(0)
              for line in module.to_string(as_lists).splitlines() if GROUPS.search(line)}
    return "".join(GROUPS.sub(lambda m: listed[NAME.match(line).group(1)], line)
                   for line in module.to_string().splitlines(keepends=True))


for n in (64, 512):
    spec = jax.ShapeDtypeStruct((n, n), jnp.float32)
    text = layer.lower(spec, spec).compile().as_text()
    lines = [line.strip().split(", metadata=")[0] for line in text.splitlines()]
    print(f"--- f32[{n},{n}] @ f32[{n},{n}] on 8 devices")
    print(re.search(r"num_partitions=\d+", lines[0]).group(), "|",
          next(line for line in lines if line.startswith("ENTRY")))
    print("fusion kinds:", dict(Counter(re.findall(r"kind=(k\w+)", text))))
    for line in lines:
        if "kind=kCustom" in line or " dot(" in line:
            print("  ", line[:150])
    print("async start/done instructions:", sum(bool(re.search(r" [a-z-]+-(start|done)\(", l)) for l in lines))
    (collective,) = [line for line in lines if " all-reduce(" in line]
    print("  ", collective)

    module = xla_client.hlo.hlo_module_from_text(text)
    older = with_listed_groups(module)
    print("   with the groups as lists:", GROUPS.search(older).group(1))
    changed = sum(a != b for a, b in zip(module.to_string().splitlines(), older.splitlines()))
    print(f"   lines changed: {changed}; XLA's parser reads the list form and prints it back unchanged:",
          xla_client.hlo.hlo_module_from_text(older).to_string() == older)
