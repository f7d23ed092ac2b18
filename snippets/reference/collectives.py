# Collectives inside jax.shard_map, traced over an abstract mesh of 4 devices (no devices needed to
# print a jaxpr). With check_vma (the default) the types track which values vary over the mesh axis.
import warnings

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AbstractMesh, AxisType, NamedSharding, PartitionSpec as P
from jax.sharding import UnreducedKind

warnings.filterwarnings("ignore", category=DeprecationWarning)  # lax.psend and lax.precv
mesh = AbstractMesh((4,), ("x",), axis_types=(AxisType.Explicit,))
x = jax.ShapeDtypeStruct((16,), jnp.float32, sharding=NamedSharding(mesh, P("x")))
ring = [(0, 1), (1, 2), (2, 3), (3, 0)]


def common(v):  # v: this device's block, f32[4]. It returns nothing, yet its equations stay.
    lax.axis_index("x"), lax.psum(v, "x"), lax.pmax(v, "x"), lax.pmin(v, "x")
    lax.ppermute(v, "x", ring), lax.all_gather(v, "x"), lax.all_to_all(v, "x", 0, 0, tiled=True)
    lax.psum_scatter(v, "x", tiled=True), lax.pbroadcast(v, "x", 0), lax.pbroadcast(v, "x", jnp.int32(0))
    lax.pcast(jnp.ones(4), "x", to="varying")
    lax.ragged_all_to_all(v, jnp.zeros(4), *[jnp.ones(4, jnp.int32)] * 4, axis_name="x")
    return []


def unchecked(v):  # without check_vma, psum binds psum (and ppermute's cousins psend and precv)
    token = lax.psend(v, "x", ring)
    return [lax.psum(v, "x"), lax.precv(token, v, "x", ring)]


def typed(v):  # casts and collectives on values whose type says they are unreduced or reduced
    r = lax.pcast(jnp.ones(2), "x", to="reduced")
    u = lax.pcast(jnp.ones(8) * v.sum(), "x", to="unreduced")
    return [lax.psum(u, "x"), lax.psum_scatter(u, "x", tiled=True), lax.pcast(r, "x", to="varying"),
            lax.all_gather(v, "x", to="invarying"), lax.all_gather(v, "x", to="reduced")]


def unreduced_max_min(v):  # a max and a min left unreduced over "x", finished inside shard_map
    kinds = [P(unreduced={"x"}, unreduced_kind=k) for k in (UnreducedKind.max, UnreducedKind.min)]
    a = lax.reduce_max(v, (0,), out_sharding=kinds[0])
    b = lax.reduce_min(v, (0,), out_sharding=kinds[1])
    finish = jax.shard_map(lambda a, b: (lax.pmax(a, "x"), lax.pmin(b, "x")), mesh=mesh,
                           in_specs=tuple(kinds), out_specs=(P(), P()))
    return finish(a, b)


varying = P("x")
print(jax.make_jaxpr(jax.shard_map(common, mesh=mesh, in_specs=varying, out_specs=[]))(x))
print(jax.make_jaxpr(jax.shard_map(unchecked, mesh=mesh, in_specs=varying, out_specs=varying,
                                   check_vma=False))(x))
print(jax.make_jaxpr(jax.shard_map(typed, mesh=mesh, in_specs=varying,
                                   out_specs=[P(), varying, varying, P(), P(reduced={"x"})]))(x))
with jax.sharding.use_abstract_mesh(mesh):
    print(jax.make_jaxpr(unreduced_max_min)(jax.ShapeDtypeStruct((8, 2), jnp.float32,
                                                                 sharding=NamedSharding(mesh, P("x")))))
