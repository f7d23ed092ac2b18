import re

import jax
import jax.numpy as jnp

cpu = jax.devices()[0]
print("memories of", cpu, ":", cpu.addressable_memories())

x = jnp.ones(4)
for kind in ("device", "pinned_host", "unpinned_host"):
    # The same function, its output asked for in each memory kind of the CPU.
    where = jax.sharding.SingleDeviceSharding(cpu, memory_kind=kind)
    compiled = jax.jit(lambda x: x * 2, out_shardings=where).lower(x).compile()
    layout = re.search(r"entry_computation_layout=(\{.*?\}\})", compiled.as_text()).group(1)
    print(f"{kind:>13}: entry_computation_layout={layout}")
