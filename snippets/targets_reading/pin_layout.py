import jax
import jax.numpy as jnp
from jax.experimental.layout import Format, Layout
from jax.sharding import SingleDeviceSharding

import target
from hlo_lines import entry, entry_layout


def transpose(x):
    return x.T


device = target.devices(1)[0]
one = SingleDeviceSharding(device)
x = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=one)
asked = {
    "nothing asked": {},
    "row-major result": {"out_shardings": Format(Layout(major_to_minor=(0, 1)), one)},
    "column-major result": {"out_shardings": Format(Layout(major_to_minor=(1, 0)), one)},
    "Layout.AUTO": {"out_shardings": Format(Layout.AUTO, one)},
}
for name, options in asked.items():
    compiled = jax.jit(transpose, **options).trace(x).lower().compile()
    print(f"{name}: {entry_layout(compiled)}")
    print("\n".join("  " + line for line in entry(compiled)))
