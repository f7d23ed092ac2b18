from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/n_devices/ (git-ignored), the same on every run

import os

# --8<-- [start:your-function]
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # N fake CPU devices

import jax  # noqa: E402  (after XLA_FLAGS: the CPU backend reads it when it starts)
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402  (snippets/target.py: the CPU's devices, or a TPU's or GPU's without the chip)

mesh = jax.make_mesh((4, 2), ("data", "model"), devices=target.devices(8))


def step(w, x):
    return jnp.mean(jnp.tanh(x @ w) ** 2)


# Shapes only (ShapeDtypeStruct): nothing is allocated, so any size works.
args = (jax.ShapeDtypeStruct((512, 256), jnp.float32), jax.ShapeDtypeStruct((64, 512), jnp.float32))
jitted = jax.jit(step, in_shardings=(NamedSharding(mesh, P(None, "model")), NamedSharding(mesh, P("data", None))))
# --8<-- [end:your-function]

# Everything below works for any jitted function with shardings.
import pathlib  # noqa: E402
import re  # noqa: E402

compiled = jitted.lower(*args).compile()
text = compiled.as_text()  # the optimized, SPMD-partitioned HLO: one device's program
pathlib.Path("step.hlo.txt").write_text(text)

print("devices:", jax.device_count(), "| mesh:", dict(mesh.shape))
print("header:", re.search(r"num_partitions=\d+", text.splitlines()[0]).group(0))
entry = text[text.index("\nENTRY"):]
for number, shape in sorted((int(n), s) for s, n in re.findall(r"= (\S+?)\{[^}]*\} parameter\((\d+)\)", entry)):
    print(f"ENTRY parameter({number}): {shape}")
# One sharding per argument; None for one the function never reads, which jit drops (keep_unused=False).
shardings = jax.tree.leaves(compiled.input_shardings[0], is_leaf=lambda s: s is None)
kept = 0  # the parameter numbers close up after a dropped argument
for i, (arg, sharding) in enumerate(zip(jax.tree.leaves(args), shardings)):
    if sharding is None:
        print(f"argument {i}: global {arg.shape}, unused: no parameter")
        continue
    spec = getattr(sharding, "spec", sharding)  # shard_map's inputs: a GSPMDSharding, no PartitionSpec
    print(f"argument {i} -> parameter({kept}): global {arg.shape}, {spec} -> per device {sharding.shard_shape(arg.shape)}")
    kept += 1
collectives = re.compile(r" (all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)(-start)?\(")
for line in text.splitlines():
    if collectives.search(line):
        print("collective:", line.split(", metadata=")[0].strip()[:160])
print(f"written: step.hlo.txt, {len(text.splitlines())} lines")
