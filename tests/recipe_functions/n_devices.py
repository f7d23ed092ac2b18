# A second function for recipes/n_devices.py: a 1-D mesh of all 8 devices, bf16, a rank-3
# argument of 4096+ elements, a replicated argument, and a sharded output.
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))


def mix(tokens, w):
    return jnp.einsum("btd,de->bte", tokens, w).transpose(1, 0, 2)


args = (jax.ShapeDtypeStruct((16, 32, 64), jnp.bfloat16), jax.ShapeDtypeStruct((64, 64), jnp.bfloat16))
jitted = jax.jit(mix, in_shardings=(NamedSharding(mesh, P("x")), NamedSharding(mesh, P())),
                 out_shardings=NamedSharding(mesh, P("x")))
