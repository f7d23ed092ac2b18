import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2,), ("x",))
a = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(mesh, P("x", None)))
b = jax.ShapeDtypeStruct((16, 4), jnp.float32)  # no sharding given
compiled = jax.jit(lambda a, b: a @ b).lower(a, b).compile()
print("b:", jax.tree.leaves(compiled.input_shardings)[1])
print("result:", compiled.output_shardings)

# XLA chooses, and P() is not the only answer: a 2x2 mesh with a split along both axes
mesh22 = jax.make_mesh((2, 2), ("x", "y"))
a22 = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(mesh22, P("x", "y")))
compiled22 = jax.jit(lambda a, b: a @ b).lower(a22, b).compile()
print("2x2 mesh, a split P('x', 'y'), b:", jax.tree.leaves(compiled22.input_shardings)[1])
