from jax._src.lib import xla_client  # private: the HLO classes jaxlib ships

# Written by hand in the form GPU backends give a collective: a start that launches it
# and a done that waits for it, with independent work free to run in between.
MODULE = """HloModule async_pair, num_partitions=8

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT sum = f32[] add(a, b)
}

ENTRY main {
  p = f32[64,64] parameter(0)
  q = f32[64,64] parameter(1)
  start = f32[64,64] all-reduce-start(p), channel_id=1, replica_groups={{0,1,2,3,4,5,6,7}}, use_global_device_ids=true, to_apply=add
  other = f32[64,64] tanh(q)
  done = f32[64,64] all-reduce-done(start)
  ROOT out = f32[64,64] add(done, other)
}
"""
module = xla_client.hlo.hlo_module_from_text(MODULE)  # XLA's parser accepts the pair
entry = module.to_string().split("ENTRY")[1]
print("ENTRY" + entry.split("\n}")[0].split(", metadata")[0] + "\n}")
