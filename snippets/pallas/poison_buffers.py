import contextlib
import io
import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AbstractDevice, AbstractMesh, use_abstract_mesh


def kernel(x_ref, o_ref):
    def body(tmp_ref):  # tmp_ref: a VMEM buffer allocated for this scope
        tmp_ref[...] = 2 * x_ref[...]
        o_ref[...] = tmp_ref[...]

    pl.run_scoped(body, pltpu.VMEM((8, 128), jnp.float32))


def scratch_kernel(x_ref, o_ref, tmp_ref):  # tmp_ref: a buffer from scratch_shapes
    tmp_ref[...] = 2 * x_ref[...]
    o_ref[...] = tmp_ref[...]


# Lowering pl.run_scoped asks which TPU it is for; on a CPU, an abstract mesh names one.
TPU_V5E = AbstractMesh((1,), ("x",), abstract_device=AbstractDevice(
    device_kind="TPU v5 lite", num_cores=1, platform="tpu"))


def mosaic_module(kernel, scratch_shapes=(), mesh=TPU_V5E):
    """Lower a fresh pallas_call for the mesh's TPU and return its Mosaic module."""
    block = jax.ShapeDtypeStruct((8, 128), jnp.float32)
    call = pl.pallas_call(kernel, out_shape=block, scratch_shapes=scratch_shapes, debug=True)
    text = io.StringIO()
    with contextlib.redirect_stdout(text), use_abstract_mesh(mesh):
        jax.export.export(jax.jit(call), platforms=["tpu"])(block)
    return text.getvalue().split("The Mosaic module")[1]


try:  # without a TPU named, the device the lowering asks about is the CPU
    mosaic_module(kernel, mesh=jax.sharding.get_abstract_mesh())
except ValueError as e:
    print("no TPU named:", str(e).split(". ")[0] + ".")


NAN = "dense<0x7FC00000>"  # a float32 NaN, as MLIR prints it
print("poison off: NaN constants", mosaic_module(kernel).count(NAN))
with pl.enable_poison_buffers(True):  # sets jax_pallas_poison_buffers for this block
    module = mosaic_module(kernel)
    scratch = mosaic_module(scratch_kernel, [pltpu.VMEM((8, 128), jnp.float32)])
print("poison on:  NaN constants", module.count(NAN))
nan_value = re.search(r"(%\w+) = arith.constant " + NAN, module).group(1)
for line in module.splitlines():
    if f"store {nan_value}," in line:  # the store that fills the new buffer with NaN
        print("  ", line.strip())
print("poison on, scratch_shapes buffer: NaN constants", scratch.count(NAN))
signature = next(line for line in scratch.splitlines() if "func.func @scratch_kernel" in line)
print("   scratch_kernel's arguments:", signature.split("(")[1].split(")")[0].count("memref<"),
      "(x, o and the scratch buffer)")
