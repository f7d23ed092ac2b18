import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))  # one mesh, one axis, for all three programs
replicated = NamedSharding(mesh, P())

# The same full sum, of an operand split three ways over the same eight devices.
operands = {
    "rows of f32[64,16] split": (P("x", None), (64, 16)),
    "columns of f32[16,64] split": (P(None, "x"), (16, 64)),
    "f32[64] split": (P("x"), (64,)),
}
for label, (spec, shape) in operands.items():
    total = jax.jit(jnp.sum, in_shardings=NamedSharding(mesh, spec), out_shardings=replicated)
    text = total.lower(jax.ShapeDtypeStruct(shape, jnp.float32)).compile().as_text()
    lines = text[text.index("ENTRY"):].splitlines()  # the entry computation
    # Excerpt: the parameter's sharding and the all-reduce's replica groups.
    sharding = next(l for l in lines if " parameter(0)" in l).split("sharding=")[1].split(", metadata")[0]
    groups = next(l for l in lines if " all-reduce(" in l).split("replica_groups=")[1].split(", use_global")[0]
    print(f"{label}:\n  parameter sharding={sharding}\n  all-reduce replica_groups={groups}")

# A product whose contracting dimension is split in both operands: the same
# contraction with the operands' roles swapped (b is the left operand of the second).
cols, rows = NamedSharding(mesh, P(None, "x")), NamedSharding(mesh, P("x", None))
products = {
    "a @ b, a: f32[16,64] columns split, b: f32[64,16] rows split":
        lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ()))),
    "the same contraction with b on the left":
        lambda a, b: lax.dot_general(b, a, (((0,), (1,)), ((), ()))),
}
for label, product in products.items():
    f = jax.jit(product, in_shardings=(cols, rows), out_shardings=replicated)
    text = f.lower(jax.ShapeDtypeStruct((16, 64), jnp.float32), jax.ShapeDtypeStruct((64, 16), jnp.float32)).compile().as_text()
    lines = text[text.index("ENTRY"):].splitlines()
    dot = next(l for l in text.splitlines() if " dot(" in l)  # in a fused computation or the entry
    left = "a" if "lhs_contracting_dims={1}" in dot else "b"  # a contracts its dimension 1, b its 0
    sharding = {name: next(l for l in lines if f" parameter({i})" in l).split("sharding=")[1].split(", metadata")[0]
                for i, name in enumerate("ab")}
    groups = next(l for l in lines if " all-reduce(" in l).split("replica_groups=")[1].split(", use_global")[0]
    print(f"{label}:\n  left operand ({left}) sharding={sharding[left]}\n  all-reduce replica_groups={groups}")
