import re

from jax._src.lib import xla_client  # private: the HLO classes jaxlib ships

# A one-instruction module; only the replica groups change from one run to the next.
MODULE = """HloModule groups, num_partitions=8

add {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT sum = f32[] add(a, b)
}}

ENTRY main {{
  p = f32[4] parameter(0)
  ROOT r = f32[4] all-reduce(p), channel_id=1, replica_groups={groups}, use_global_device_ids=true, to_apply=add
}}
"""
# The options XLA prints fingerprints with write every group out as a list.
as_lists = xla_client.hlo.HloPrintOptions.fingerprint()

print(f"{'as written':40} {'printed back':40} as lists")
for groups in ["mesh['data'=2,'model'=4] {'model'}", "[2,4]<=[8]",
               "mesh['data'=2,'model'=4] {'data'}", "[4,2]<=[2,4]T(1,0)",
               "mesh['axis_0'=8] {'axis_0'}"]:
    module = xla_client.hlo.hlo_module_from_text(MODULE.format(groups=groups))
    printed, listed = (re.search(r"replica_groups=(.*?), use_global", text).group(1)
                       for text in (module.to_string(), module.to_string(as_lists)))
    print(f"{groups:40} {printed:40} {listed}")
