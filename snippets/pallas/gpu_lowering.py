import warnings

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.sharding import AbstractDevice, AbstractMesh, use_abstract_mesh

# jax 0.10.2 chose the GPU lowering of pallas_call with this option; is it still there?
print("jax_pallas_use_mosaic_gpu in jax.config:", "jax_pallas_use_mosaic_gpu" in jax.config.values)


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


x = jax.ShapeDtypeStruct((128,), jnp.float32)


def lower_for_cuda(compiler_params):
    call = pl.pallas_call(add_one, out_shape=x, compiler_params=compiler_params)
    return jax.jit(call).trace(x).lower(lowering_platforms=("cuda",)).as_text()


# On a CPU, the GPU lowering first asks which GPU it is for.
try:
    lower_for_cuda(None)
except RuntimeError as e:
    print("no GPU named:", str(e).split(", please")[0])

# An abstract mesh names one; then the lowering runs here.
H100 = AbstractMesh((1,), ("x",), abstract_device=AbstractDevice(
    device_kind="NVIDIA H100", num_cores=132, platform="gpu"))
for name, params in [("no compiler_params", None), ("plgpu.CompilerParams()", plgpu.CompilerParams())]:
    with use_abstract_mesh(H100), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            text = lower_for_cuda(params)
            targets = [line.split("custom_call ")[1].split("(")[0] for line in text.splitlines()
                       if "stablehlo.custom_call" in line]
            print(f"{name}: custom call {', '.join(targets)}")
        except AssertionError:
            print(f"{name}: AssertionError (no pallas_call lowering rule for these params)")
    for warning in caught:
        print("   ", warning.category.__name__ + ":", str(warning.message).split(". ")[0] + ".")
