import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # 8 CPU devices

import itertools  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402  (snippets/target.py: the CPU's devices, or a TPU's or GPU's without the chip)

# --8<-- [start:your-function]
mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2,
                     devices=target.devices(8))


def normalize(x):  # written by hand: each row's norm, summed over the 4 devices of "model"
    def per_device(block):
        total = jax.lax.psum(jnp.sum(block * block, axis=1), "model")
        return block / jnp.sqrt(total)[:, None]
    return jax.shard_map(per_device, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))(x)


def loss(w, x):  # the product and the gradient's sums are left to the partitioner
    return jnp.sum(jax.nn.relu(normalize(x) @ w) ** 2)


function = jax.grad(loss)
# Shapes with shardings (ShapeDtypeStruct): nothing is allocated, so a TPU or GPU that is not here will do.
args = (jax.ShapeDtypeStruct((256, 128), jnp.float32, sharding=NamedSharding(mesh, P("model", None))),
        jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=NamedSharding(mesh, P("data", "model"))))
# --8<-- [end:your-function]

# Everything below works for any function, arguments and mesh.
compiled = jax.jit(function).lower(*args).compile()
hlo = compiled.as_text()
partitions = int(re.search(r"num_partitions=(\d+)", hlo.split("\n", 1)[0])[1]) if "num_partitions=" in hlo else 1
# The device assignment: partition i runs on device_of[i]. jit compiles for the devices of its
# arguments' shardings, in their order (Sharding._device_assignment, a private attribute; where the
# program can run, on one host, compiled.runtime_executable().local_devices() lists the same).
sharded = [s for s in jax.tree.leaves(compiled.input_shardings[0]) if s is not None]
device_of = [d.id for d in sharded[0]._device_assignment] if sharded else [jax.devices()[0].id]


def ints(text):
    return [int(n) for n in re.findall(r"\d+", text)]


def expand(groups):
    """The groups of a replica_groups attribute, as lists of partition numbers."""
    if groups.startswith("{"):  # written out: {{0,1,2,3},{4,5,6,7}}; {} is one group of all
        return [ints(g) for g in re.findall(r"\{([\d,]*)\}", groups[1:-1])] or [list(range(partitions))]
    if iota := re.fullmatch(r"\[([\d,]+)\]<=\[([\d,]+)\](?:T\(([\d,]+)\))?", groups):
        # [G,S]<=[dims]T(perm): 0..n-1 laid out as dims, transposed by perm, cut into G rows of S
        ids = np.arange(math.prod(ints(iota[2]))).reshape(ints(iota[2]))
        if iota[3]:
            ids = ids.transpose(ints(iota[3]))
        return ids.reshape(ints(iota[1])).tolist()
    # mesh['a'=2,'b'=4] {'b'}: 0..n-1 laid out as the mesh; a group holds the ids that
    # differ only along the axes in braces, in their order ('x':(k)s is a part of axis x).
    found = re.fullmatch(r"mesh\[(.*?)\](?:, device_ids=\(([\d,]+)\))? \{(.*)\}", groups)
    axes = [(name, int(size)) for name, size in re.findall(r"'([^']+)'=(\d+)", found[1])]
    refs = [(name, int(pre or 1), int(part) if part else dict(axes)[name])  # (axis, size before it, size)
            for name, pre, part in re.findall(r"'([^']+)'(?::\((\d+)\)(\d+))?", found[3])]
    ids = np.array(ints(found[2])) if found[2] else np.arange(math.prod(s for _, s in axes))
    shape, dim_of = [], {}
    for name, size in axes:  # each axis, split where a part of it is grouped
        done = 1
        for ref in sorted(r for r in refs if r[0] == name):
            if ref[1] > done:
                shape.append(ref[1] // done)
            dim_of[ref] = len(shape)
            shape.append(ref[2])
            done = ref[1] * ref[2]
        if done < size:
            shape.append(size // done)
    order = [dim_of[ref] for ref in refs]
    ids = ids.reshape(shape).transpose([d for d in range(len(shape)) if d not in order] + order)
    return ids.reshape(-1, math.prod(shape[d] for d in order)).tolist()


def mesh_groups(axes):
    """The devices of `mesh` that differ only along `axes`, one set per group."""
    grid = np.vectorize(lambda d: d.id)(mesh.devices)
    keep = [mesh.axis_names.index(a) for a in axes]
    rest = [d for d in range(grid.ndim) if d not in keep]
    flat = grid.transpose(rest + keep).reshape(-1, math.prod(grid.shape[d] for d in keep))
    return {frozenset(row) for row in flat.tolist()}


def braces(groups):
    return "{" + ",".join("{" + ",".join(map(str, g)) + "}" for g in groups) + "}"


print(f"partition -> device: {device_of}")
print(f"mesh {dict(mesh.shape)}, device ids: {np.vectorize(lambda d: d.id)(mesh.devices).tolist()}")
for line in hlo.splitlines():
    found = re.search(r"%(\S+) = .*? ([a-z-]+)\(.*replica_groups=(.*?)(?:, (?!device_ids)[a-z_]+=|$)", line)
    if not found:
        continue
    name, kind, written = found.groups()
    print(f"\n%{name} ({kind}): replica_groups={written}")
    listed = expand(written)
    # The ids are partition numbers (JAX compiles for one replica) with use_global_device_ids=true,
    # or with a channel_id on the kinds that have no such attribute (all-to-all and the like).
    if not ("use_global_device_ids=true" in line or
            ("channel_id=" in line and not kind.startswith(("all-reduce", "all-gather", "reduce-scatter")))):
        print(f"    replicas   {braces(listed)}  (these ids count replicas, not partitions)")
        continue
    devices = [[device_of[i] for i in group] for group in listed]
    print(f"    partitions {braces(listed)}")
    print(f"    devices    {braces(devices)}")
    along = [axes for k in range(len(mesh.axis_names) + 1) for axes in itertools.combinations(mesh.axis_names, k)
             if mesh_groups(axes) == {frozenset(g) for g in devices}]
    print("    along mesh axes: " + (", ".join(map(repr, along[0])) or "none (each device alone)" if along
                                     else "no set of them gives these groups"))
