import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.sharding import AbstractDevice, AbstractMesh, use_abstract_mesh

import target

if target.only("tpu"):  # the block shapes of block_shape_tpu.py, compiled by libtpu for a TPU v5e
    def double_kernel(x_ref, o_ref):
        o_ref[...] = 2 * x_ref[...]

    def double(shape, block, dtype=jnp.float32):
        return pl.pallas_call(double_kernel, out_shape=jax.ShapeDtypeStruct(shape, dtype),
                              grid=tuple(size // part for size, part in zip(shape, block)),
                              in_specs=[pl.BlockSpec(block, lambda *i: i)], out_specs=pl.BlockSpec(block, lambda *i: i))

    # The chip, named for the lowering rules that ask for it (a rank-1 block's): the compile-only
    # devices of a topology do not reach them.
    kind = target.devices(1)[0].device_kind
    V5E = AbstractMesh((1,), ("x",), abstract_device=AbstractDevice(device_kind=kind, num_cores=1, platform="tpu"))
    cases = [((16, 256), (4, 4), jnp.float32, None), ((16, 256), (8, 128), jnp.float32, None),
             ((256,), (64,), jnp.float32, None), ((256,), (64,), jnp.float32, V5E),
             ((256,), (128,), jnp.float32, V5E)]
    for shape, block, dtype, mesh in cases:
        label = f"{jnp.dtype(dtype).name}{list(shape)} in blocks {block}" + (f", mesh names {kind!r}" if mesh else "")
        try:
            if mesh is None:
                target.compile(double(shape, block, dtype), jax.ShapeDtypeStruct(shape, dtype))
            else:
                with use_abstract_mesh(mesh):
                    target.compile(double(shape, block, dtype), jax.ShapeDtypeStruct(shape, dtype))
            print(f"{label}: compiles")
        except Exception as e:
            first = str(e).splitlines()[0]
            print(f"{label}:\n  {type(e).__name__}: {first[:200]}" + ("..." if len(first) > 200 else ""))
