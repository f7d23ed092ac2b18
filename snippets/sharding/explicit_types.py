import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
print(mesh)  # axis_types=(Explicit,) unless you ask otherwise
print("jax.set_mesh:", hasattr(jax, "set_mesh"))  # which spellings exist?
print("jax.use_mesh:", hasattr(jax, "use_mesh"))
print("jax.sharding.use_mesh:", hasattr(jax.sharding, "use_mesh"))

a = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P(None, "x")))
b = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("x", None)))
print("a:", jax.typeof(a), " b:", jax.typeof(b))  # the sharding is in the type

# The contraction runs over the split dimension. The result could be replicated
# (all-reduce) or split (reduce-scatter): JAX refuses to guess.
try:
    a @ b
except Exception as e:
    print(type(e).__name__, e)

# Say which one you want. With a mesh set, a bare PartitionSpec is enough.
with jax.set_mesh(mesh):
    whole = jnp.matmul(a, b, out_sharding=P())
    split = jnp.matmul(a, b, out_sharding=P("x"))
    print("out_sharding=P():   ", jax.typeof(whole))
    print("out_sharding=P('x'):", jax.typeof(split))

    @jax.jit
    def column_sums(v):
        print("traced with", jax.typeof(v))  # inside jit the type still carries @x
        return v.sum(axis=0)  # summing over the split axis: the result is replicated

    print("column_sums:", jax.typeof(column_sums(b)))
    # jax.reshard moves data to a new sharding, and changes the type with it.
    print("reshard(b, P()):", jax.typeof(jax.reshard(b, P())))
    print("reshard(b, P(None, 'x')):", jax.typeof(jax.reshard(b, P(None, "x"))))
