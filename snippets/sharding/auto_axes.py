import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P  # noqa: E402

# The behaviour of JAX before explicit sharding: the partitioner decides.
mesh = jax.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))
print(mesh)

a = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P(None, "x")))
b = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("x", None)))
print("a:", jax.typeof(a), " b:", jax.typeof(b))  # no @x: the type does not say
print("a.sharding.spec:", a.sharding.spec)  # the array still knows

c = a @ b  # no error: the compiler picks the result's sharding
print("c:", jax.typeof(c), " c.sharding.spec:", c.sharding.spec)

# Constraining an intermediate is a hint, not a type: with_sharding_constraint.
f = jax.jit(lambda a, b: jax.lax.with_sharding_constraint(a @ b, NamedSharding(mesh, P("x"))))
print("constrained:", f(a, b).sharding.spec)
