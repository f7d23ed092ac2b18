import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

line_mesh = jax.make_mesh((8,), ("x",))  # one axis of 8 devices
grid_mesh = jax.make_mesh((2, 4), ("data", "model"))  # 2 x 4


def spec(mesh, *names):
    return NamedSharding(mesh, P(*names))


def show(label, f, *shapes):
    """Prints the replica groups of each compiled collective, and who made it."""
    args = [a if isinstance(a, jax.ShapeDtypeStruct) else jax.ShapeDtypeStruct(a, jnp.float32) for a in shapes]
    text = f.lower(*args).compile().as_text()
    for line in text.splitlines():
        if "replica_groups=" in line:
            groups = line.split("replica_groups=")[1].split(", use_global")[0].split(", to_apply")[0]
            maker = "partitioner" if 'is_spmd_generated="true"' in line else "written by hand"
            print(f"{label:44} {groups:38} {maker}")


def contract(a, b):  # a: f32[16,64], b: f32[64,16]; the 64 is summed
    return lax.dot_general(a, b, (((1,), (0,)), ((), ())))


def contract_b_first(a, b):  # the same contraction, b the left operand
    return lax.dot_general(b, a, (((0,), (1,)), ((), ())))


def column_sums():  # a psum written by hand; a new function, so that it is lowered afresh
    return jax.jit(jax.shard_map(lambda v: lax.psum(v.sum(0), "x"), mesh=line_mesh,
                                 in_specs=P("x"), out_specs=P()))


# One mesh axis, x: a psum written in shard_map, then sums and products the
# partitioner has to complete with an all-reduce.
rows = jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=spec(line_mesh, "x", None))
show("shard_map psum over x", column_sums(), rows)
replicated = spec(line_mesh)
for label, s, shape in [("sum, rows of f32[64,16] split", ("x", None), (64, 16)),
                        ("sum, columns of f32[16,64] split", (None, "x"), (16, 64)),
                        ("sum, f32[64] split", ("x",), (64,))]:
    show(label, jax.jit(jnp.sum, in_shardings=spec(line_mesh, *s), out_shardings=replicated), shape)
ins = (spec(line_mesh, None, "x"), spec(line_mesh, "x", None))  # the 64 split in both
show("product, a on the left", jax.jit(contract, in_shardings=ins, out_shardings=replicated), (16, 64), (64, 16))
show("product, b on the left", jax.jit(contract_b_first, in_shardings=ins, out_shardings=replicated), (16, 64), (64, 16))

# Two mesh axes: the same two kinds of sum over model.
show("2 x 4, sum over model", jax.jit(lambda v: v.sum(1), in_shardings=spec(grid_mesh, "data", "model"),
                                      out_shardings=spec(grid_mesh, "data")), (16, 64))
ins = (spec(grid_mesh, "data", "model"), spec(grid_mesh, "model", None))
show("2 x 4, product over model", jax.jit(contract, in_shardings=ins,
                                          out_shardings=spec(grid_mesh, "data", None)), (16, 64), (64, 16))

# Last, the psum again with JAX's option for writing groups in mesh form turned off
# (jax 0.12 has it; an older JAX stops here with an error).
jax.config.update("jax_use_rgv3", False)
show("shard_map psum over x, jax_use_rgv3 off", column_sums(), rows)
