import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402  (snippets/target.py: the devices of the CPU or a TPU or GPU)

mesh = jax.make_mesh((8,), ("x",), devices=target.devices(8), axis_types=(AxisType.Auto,))
ring = [(i, (i + 1) % 8) for i in range(8)]
COLLECTIVE = re.compile(r" ((?:all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute|fusion)"
                        r"(?:-start|-done)?)\(")


def show(title, jitted, *args):
    """Excerpt: ENTRY's collectives (and fusions that run one), shapes without layouts, and
    from backend_config whether the backend marked the collective synchronous."""
    text = jitted.lower(*args).compile().as_text()
    print(title)
    for line in text[text.index("\nENTRY"):].splitlines():
        found = COLLECTIVE.search(line)
        if not found or (found[1] == "fusion" and "__triton_collective" not in line):
            continue
        shape = re.sub(r"\{[^{}]*\}", "", line.split(" = ", 1)[1][:found.start() - len(line)])
        marks = re.findall(r'"is_sync":\w+|"kind":"__triton_collective"', line)
        print(f"  {found[1]:26} {shape:34} {' '.join(marks)}")


def spec(shape, dtype, sharding):
    return jax.ShapeDtypeStruct(shape, dtype, sharding=NamedSharding(mesh, sharding))


# 1. A ring shift of a bfloat16 block, written in shard_map.
shift = jax.jit(jax.shard_map(lambda b: jax.lax.ppermute(b, "x", ring), mesh=mesh, in_specs=P("x"), out_specs=P("x")))
show("ppermute, bf16[4096] split 8 ways:", shift, spec((4096,), jnp.bfloat16, P("x")))

# 2. A small psum, and 3. a 16 MiB psum with an independent matrix product beside it.
total = jax.jit(jax.shard_map(lambda b: jax.lax.psum(b, "x"), mesh=mesh, in_specs=P("x"), out_specs=P()))
show("psum, f32[16] per device:", total, spec((128,), jnp.float32, P("x")))
beside = jax.jit(jax.shard_map(lambda a, q: (jax.lax.psum(a, "x"), jnp.tanh(q) @ q),
                               mesh=mesh, in_specs=(P(), P()), out_specs=(P(), P())))
big = spec((2048, 2048), jnp.float32, P())
show("psum, f32[2048,2048], beside a matrix product:", beside, big, big)


# 4. The gradient of a small MLP, the batch split over the 8 devices: four weight gradients to sum.
def loss(p, x):
    h = jnp.tanh(x @ p["w1"] + p["b1"])
    return jnp.mean((h @ p["w2"] + p["b2"]) ** 2)


shapes = {"w1": (16, 32), "b1": (32,), "w2": (32, 4), "b2": (4,)}
params = {k: spec(s, jnp.float32, P()) for k, s in shapes.items()}
grad = jax.jit(jax.grad(loss), out_shardings=NamedSharding(mesh, P()))
show("gradient of an MLP, batch over 8 devices:", grad, params, spec((64, 16), jnp.float32, P("x")))
