from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/hardware/autotuning/ (git-ignored), the same on every run

import json
import pathlib
import re

import jax
import jax.numpy as jnp
from jax import lax

import target


def dense(x, w, b):
    return jnp.maximum(x @ w + b, 0.0)


def conv(x, k):
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def config(line):  # the JSON of an instruction's backend_config
    return json.loads(line.split("backend_config=", 1)[1])


def product(text):  # the line of the fusion or custom-call that runs the product
    return next(line for line in text.splitlines() if "gemm_fusion_dot = " in line or "custom-call(" in line)


if target.only("cuda"):  # what a GPU compile leaves to the device
    f32 = jnp.float32
    layer = jax.ShapeDtypeStruct((128, 256), f32), jax.ShapeDtypeStruct((256, 512), f32), jax.ShapeDtypeStruct((512,), f32)
    compiled = target.compile(dense, *layer, compiler_options={"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
    before = config(product(next(pathlib.Path("dump").glob("*.before_config_assignment.txt")).read_text()))
    after = config(product(compiled.as_text()))
    print("the product before config assignment:", before["fusion_backend_config"])
    tiles = after["fusion_backend_config"]["block_level_fusion_config"]
    print("after:", after["fusion_backend_config"]["kind"], "output_tiles", tiles["output_tiles"][0]["sizes"],
          "num_warps", tiles["num_warps"])
    snapshots = sorted(pathlib.Path("dump").glob("*.after_*.before_*.txt"))
    steps = [re.search(r"\.\d{4}\.([\w-]+)\.after_([\w-]+)\.before_", path.name).groups() for path in snapshots]
    print("passes of the pipeline config-assigner that changed the module:",
          [step for pipeline, step in steps if pipeline == "config-assigner" and step != "pipeline-start"])
    level_0 = target.compile(dense, *layer, compiler_options={"xla_gpu_autotune_level": 0})
    print("with xla_gpu_autotune_level=0, the same choice:", config(product(level_0.as_text())) == after)

    cublas = target.compile(dense, *layer, compiler_options={"xla_gpu_enable_triton_gemm": False})
    call = product(cublas.as_text())
    gemm = config(call)["gemm_backend_config"]
    print("\nwith xla_gpu_enable_triton_gemm=false: a custom-call to", re.search(r'custom_call_target="([^"]+)"', call).group(1))
    print("  epilogue", gemm["epilogue"], "| selected_algorithm", gemm["selected_algorithm"],
          "| fusions left:", cublas.as_text().split("\nENTRY ")[1].count(" fusion("))

    conv_text = target.compile(conv, jax.ShapeDtypeStruct((8, 32, 32, 16), f32),
                               jax.ShapeDtypeStruct((3, 3, 16, 32), f32)).as_text()
    call = product(conv_text)
    print("\na convolution: custom-call to", re.search(r'custom_call_target="([^"]+)"', call).group(1),
          "| algorithm", config(call)["cudnn_conv_backend_config"]["algorithm"]["algo_id"])

    first = next(path for path in snapshots if "scheduling_name=" in path.read_text())
    print("\nscheduling_name first appears after the pass", re.search(r"after_([\w-]+)\.before", first.name).group(1),
          "of the pipeline", re.search(r"\.\d{4}\.([\w-]+)\.after_", first.name).group(1))
    named = re.findall(r'%([\w.-]+) = .*?scheduling_name="([^"]+)"', compiled.as_text())
    print("each equal to its instruction's name:", f"{sum(a == b for a, b in named)} of {len(named)}")
