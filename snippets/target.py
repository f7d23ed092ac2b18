"""The devices a snippet compiles for: this machine's CPU, or a TPU or GPU that need not be here.

    python snippets/reading_hlo/tpu_layouts.py                       # the CPU
    LIVE_TARGET=tpu-v5e python snippets/reading_hlo/tpu_layouts.py   # a TPU v5e (pip install "jax[tpu]")
    LIVE_TARGET=h100 python snippets/reading_hlo/tpu_layouts.py      # an H100 (pip install jax-cuda12-plugin)

Without the chip, the devices are compile-only: a TPU topology from libtpu
(jax.experimental.topologies), or a GPU described by the target config the CUDA plugin
carries for that model (XLA keeps them in xla/backends/gpu/target_config/specs/). A
program compiled for them is the program that chip would get, minus what needs the chip
itself: autotuning, running, timing. On a machine that has the chip (JAX's default backend
is that platform), the real devices are used instead.
"""

import functools
import mmap
import os
import sys

import jax
import jax.numpy as jnp
from jax.sharding import SingleDeviceSharding
from jax._src import source_info_util

# Frames in this module are not the snippet's: the metadata of a program compiled through
# compile() below points at the snippet's call, as it would for jax.jit(f).lower(...).compile().
source_info_util.register_exclusion(__file__)

# name -> (platform, TPU topology name or the GPU's device description in the CUDA plugin)
KNOWN = {
    "cpu": ("cpu", None),
    "tpu-v5e": ("tpu", "v5e"),
    "tpu-v6e": ("tpu", "v6e"),
    "h100": ("cuda", "NVIDIA H100 80GB HBM3"),
    "a100": ("cuda", "NVIDIA A100-SXM4-80GB"),
}
# What jax.default_backend() says on a machine with that hardware.
BACKEND = {"cpu": "cpu", "tpu": "tpu", "cuda": "gpu"}
# TPU chips per topology: the smallest slice that holds the devices asked for.
TPU_SLICES = {1: "1x1", 4: "2x2", 8: "2x4", 16: "4x4", 32: "4x8", 64: "8x8", 256: "16x16"}


def name() -> str:
    """The target this run is for: --target NAME on the command line, else $LIVE_TARGET, else cpu."""
    if "--target" in sys.argv[:-1]:
        chosen = sys.argv[sys.argv.index("--target") + 1]
    else:
        chosen = os.environ.get("LIVE_TARGET", "cpu")
    if chosen not in KNOWN:
        raise SystemExit(f"unknown target {chosen!r}; known: {', '.join(KNOWN)}")
    return chosen


def only(platform: str) -> bool:
    """Is the target a `platform` ("tpu", "cuda")? If not, say so in one line: for an example that
    only that hardware's compiler can make (a Mosaic kernel, a TPU dump folder), written as
    `if target.only("tpu"):` over its work. It does not exit: the site's engine wants every
    snippet to run to its end (a sys.exit is reported as a failure)."""
    if KNOWN[name()][0] == platform:
        return True
    shown = {"tpu": "a TPU", "cuda": "an NVIDIA GPU"}.get(platform, platform)
    print(f"This example compiles for {shown} only: its output is in the {shown.split()[-1]} tabs.")
    return False


def devices(count: int = 1) -> list:
    """`count` devices of the target: real ones where JAX runs on that platform, else compile-only."""
    platform, model = KNOWN[name()]
    if platform == "cuda":
        # The CUDA plugin checks for NVIDIA's CUDA wheels when it starts, and without them (the
        # plugin alone, as a compile without the GPU needs) it refuses to start; read when the
        # first backend starts, so setting it here, before any, is in time.
        os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")
    if platform == "cpu" or jax.default_backend() == BACKEND[platform]:
        found = jax.devices()
        if len(found) < count:
            raise SystemExit(f"{count} devices asked for, {len(found)} here; for the CPU set "
                             f"XLA_FLAGS=--xla_force_host_platform_device_count={count} before JAX starts")
        return found[:count]
    from jax.experimental import topologies

    if platform == "tpu":
        chips = min(size for size in TPU_SLICES if size >= count)
        topology = topologies.get_topology_desc(topology_name=f"{model}:{TPU_SLICES[chips]}", platform="tpu")
    else:
        topology = topologies.get_topology_desc(platform="cuda", topology_name="", topology=f"1x1x{count}",
                                                target_config=_gpu_config(model))
    return list(topology.devices)[:count]


def compile(function, *args, **jit_options):
    """Compile `function` for the target's first device, for arguments shaped like `args`.

    `args` may be arrays or jax.ShapeDtypeStruct; an argument that carries a sharding on the
    target's devices (made from `devices(n)`) keeps it. For the CPU, with no sharding given, this
    is `jax.jit(function).lower(*args).compile()`, as any snippet would write it."""
    return compile_jitted(jax.jit(function, **jit_options), *args)


def compile_jitted(jitted, *args):
    """compile() for a function jit has wrapped already (`jax.jit(f, ...)`, its options kept),
    not wrapped again: for the CPU, `jitted.lower(*args).compile()` (a second jit would add its
    own frames to the metadata)."""
    if name() == "cpu" and not any(getattr(leaf, "sharding", None) is not None
                                   for leaf in jax.tree.leaves(args) if isinstance(leaf, jax.ShapeDtypeStruct)):
        return jitted.lower(*args).compile()
    device = devices(1)[0]

    def abstract(leaf):
        sharding = getattr(leaf, "sharding", None)
        if isinstance(leaf, jax.ShapeDtypeStruct) and sharding is not None:
            return leaf
        return jax.ShapeDtypeStruct(jnp.shape(leaf), jnp.result_type(leaf), sharding=SingleDeviceSharding(device))

    shaped = jax.tree.map(abstract, args)
    return jitted.trace(*shaped).lower().compile()


@functools.cache  # the plugin is half a gigabyte: read once per run, not at every compile
def _gpu_config(description: str) -> str:
    """The GpuTargetConfig text proto the installed CUDA plugin carries for `description`.

    The plugin embeds XLA's specs for real GPUs (one text proto each, ending in its
    `device_description_str`); reading them from the plugin gives the numbers of the XLA
    this jaxlib was built from, not a copy that could drift from it."""
    import jax_plugins.xla_cuda12 as plugin

    library = os.path.join(os.path.dirname(plugin.__file__), "xla_cuda_plugin.so")
    marker = f'device_description_str: "{description}"\n'.encode()
    with open(library, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
        found = data.find(marker)
        if found < 0:
            raise SystemExit(f"the CUDA plugin at {library} carries no target config for {description!r}")
        start = data.rfind(b"\0", 0, found) + 1
        return data[start:data.find(b"\0", found)].decode()
