import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import re

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from hlo_lines import computation

x = jnp.full(4, 0.5, jnp.float32)
a = jnp.eye(3, dtype=jnp.float32)


def opcodes(label, f, *args):
    """What JAX emits for f (its StableHLO and CHLO operations) and the HLO opcodes XLA receives."""
    print(label)
    try:
        lowered = jax.jit(f).lower(*args)
    except Exception as error:  # noqa: BLE001 (the message is the point)
        print("  cannot be lowered for the CPU:", str(error).splitlines()[0])
        return
    emitted = sorted(set(re.findall(r"= \"?((?:stablehlo|chlo)\.[a-z_0-9]+)", lowered.as_text())))
    hlo = lowered.as_text(dialect="hlo")
    received = sorted({re.search(r"\s([a-z][a-z0-9-]*)\(", line.split(" = ", 1)[1]).group(1)
                       for line in computation(hlo, "ENTRY")})
    print("  JAX emits:   ", ", ".join(emitted))
    print("  XLA receives:", ", ".join(received), "(ENTRY)")
    targets = sorted(set(re.findall(r'custom_call_target="([^"]+)"', hlo)))
    if targets:
        print("  custom calls:", ", ".join(targets))


for name in ["acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh", "logistic"]:
    opcodes(f"lax.{name}(x)", getattr(lax, name), x)
opcodes("lax.map(jnp.sin, x)", lambda x: lax.map(jnp.sin, x), x)
opcodes("lax.scan(lambda c, v: (c + v, c), 0.0, x)", lambda x: lax.scan(lambda c, v: (c + v, c), 0.0, x), x)
opcodes("lax.linalg.cholesky(a)", lax.linalg.cholesky, a)
opcodes("lax.linalg.triangular_solve(a, a, left_side=True, lower=True)  # float32",
        lambda a: lax.linalg.triangular_solve(a, a, left_side=True, lower=True), a)
opcodes("lax.ragged_dot(lhs, rhs, group_sizes)", lax.ragged_dot,
        jnp.ones((4, 2)), jnp.ones((2, 2, 3)), jnp.array([2, 2], jnp.int32))
mesh = jax.make_mesh((8,), ("i",))
rows = jax.device_put(jnp.ones((8, 4)), jax.sharding.NamedSharding(mesh, P("i")))
opcodes('lax.pbroadcast(x, "i", source=0)',
        jax.shard_map(lambda x: lax.pbroadcast(x, "i", 0), mesh=mesh, in_specs=P("i"), out_specs=P("i")),
        rows)
