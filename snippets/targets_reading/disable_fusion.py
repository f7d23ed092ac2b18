import jax
import jax.numpy as jnp
from jax.sharding import SingleDeviceSharding

import target
from hlo_lines import entry


def chain(x):
    return jnp.sin(x) * 2 + jnp.cos(x)


x = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=SingleDeviceSharding(target.devices(1)[0]))
for passes in ("", "fusion", "priority-fusion", "tpu_fusion", "tpu_fusion,tpu_multi_output_fusion"):
    options = {"xla_disable_hlo_passes": passes} if passes else None
    compiled = jax.jit(chain).trace(x).lower().compile(options)
    print(f"xla_disable_hlo_passes={passes!r}:")
    print("\n".join("  " + line for line in entry(compiled)))
