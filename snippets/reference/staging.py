# Control flow, callbacks, refs, sharding and export: public functions whose primitives carry a
# nested jaxpr, a Python callable, or a type the jaxpr prints (a ref, a sharding, a symbolic size).
import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify, io_callback, primal_tangent_dtype
from jax.experimental.custom_partitioning import custom_partitioning
from jax.experimental.layout import Layout, explicit_layout, with_layout_constraint
from jax.experimental.xla_metadata import set_xla_metadata, xla_metadata_call
from jax.sharding import AxisType, PartitionSpec as P


@functools.partial(lax.composite, name="my.tanh")
def composite_tanh(x):
    return jnp.tanh(x)


sin_partitioned = custom_partitioning(jnp.sin)
sin_partitioned.def_partition(partition=None, sharding_rule="i -> i")


def calls(x):
    jax.debug.print("x={}", x)
    jax.debug.callback(print, x)
    jax.debug.inspect_array_sharding(x, callback=print)
    checkify.check(x[0] > 0, "x[0] must be positive")
    lax.dce_sink(x)
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return [jax.pure_callback(np.sin, shape, x), io_callback(np.cos, shape, x),
            lax.platform_dependent(x, cpu=jnp.sin, default=jnp.cos),
            jax.ffi.ffi_call("my_target", shape)(x), composite_tanh(x), sin_partitioned(x),
            set_xla_metadata(x * 2, note="doubled"), xla_metadata_call(jnp.sin, note="sine")(x),
            jax.device_put(x, jax.devices()[0]), jnp.searchsorted(x, x), jnp.nonzero(x, size=2)]


def refs(x):
    r = jax.new_ref(x)
    r[...] = r[...] + 1  # get, then swap (as `<-`)
    jax.ref.addupdate(r, ..., x)  # addupdate (as `+=`)
    scratch = jax.empty_ref(jax.ShapeDtypeStruct((3,), jnp.float32))
    jax.free_ref(scratch)
    return jax.freeze(r)


def casts(x):
    pair = primal_tangent_dtype(jnp.float32, jnp.float32)  # an extended dtype
    return lax.convert_element_type(lax.convert_element_type(x, pair), jnp.float32)


x = jnp.ones(3)
print(jax.make_jaxpr(calls)(x))
print(jax.make_jaxpr(refs)(x))
print(jax.make_jaxpr(casts)(x))
traced = jax.jit(jnp.sin).trace(x)  # calling a jax.stages.Traced binds its jaxpr
exported = jax.export.export(jax.jit(jnp.cos))(x)
print(jax.make_jaxpr(lambda x: (traced(x), exported.call(x)))(x))
n, = jax.export.symbolic_shape("n")  # a size known only when the function is called
print(jax.make_jaxpr(lambda x: x * x.shape[0])(jax.ShapeDtypeStruct((n,), jnp.float32)))
print(jax.make_jaxpr(lambda x: with_layout_constraint(x, Layout((0,))))(x))
print(jax.make_jaxpr(explicit_layout(lambda x: lax.mul(x, x), in_layouts=(Layout((0,)),)))(x))
with jax.set_mesh(jax.make_mesh((1,), ("x",), axis_types=(AxisType.Auto,))):
    print(jax.make_jaxpr(lambda x: lax.with_sharding_constraint(x, P("x")))(x))
with jax.set_mesh(jax.make_mesh((1,), ("x",), axis_types=(AxisType.Explicit,))):
    print(jax.make_jaxpr(lambda x: jax.reshard(x, P("x")))(x))
