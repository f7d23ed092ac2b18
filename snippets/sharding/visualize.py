import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("data", "model"))
x = jax.device_put(jnp.zeros((8, 16)), NamedSharding(mesh, P("data", None)))

# What the compiled program expects and returns: the sum over dim 0 is asked
# for split over "model".
f = jax.jit(lambda v: v.sum(axis=0), out_shardings=NamedSharding(mesh, P("model")))
compiled = f.lower(x).compile()
print("input_shardings: ", compiled.input_shardings)
print("output_shardings:", compiled.output_shardings)

# A picture of which device holds which block, drawn with `rich` as text.
print("x, P('data', None):")
jax.debug.visualize_array_sharding(x)
print("f(x), P('model'):")
jax.debug.visualize_array_sharding(compiled(x))
