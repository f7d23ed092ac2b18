import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # 8 CPU devices

import collections  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402  (snippets/target.py: the CPU's devices, or a TPU's or GPU's without the chip)

# --8<-- [start:your-function]
# Auto axes: the partitioner chooses the shardings in between, and the collectives.
mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2,
                     devices=target.devices(8))


def loss(w1, w2, x):  # a two-layer MLP: hidden units split over "model", examples over "data"
    h = jax.nn.relu(x @ w1)
    return jnp.mean((h @ w2) ** 2)


def step(w1, w2, x):
    g1, g2 = jax.grad(loss, argnums=(0, 1))(w1, w2, x)
    return w1 - 0.1 * g1, w2 - 0.1 * g2


def shaped(shape, spec):  # shapes and shardings only: nothing is allocated
    return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))


args = (shaped((256, 1024), P(None, "model")), shaped((1024, 256), P("model", None)), shaped((64, 256), P("data", None)))
function = step
# --8<-- [end:your-function]

# Everything below works for any function and arguments.
BYTES = {"pred": 1, "s8": 1, "u8": 1, "f8e4m3fn": 1, "f8e5m2": 1, "s16": 2, "u16": 2, "f16": 2,
         "bf16": 2, "s32": 4, "u32": 4, "f32": 4, "s64": 8, "u64": 8, "f64": 8, "c64": 8, "c128": 16}
KINDS = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def nbytes(shape):
    """Bytes of every array in an HLO shape (a tuple's too), per device."""
    return sum(BYTES[t] * math.prod(int(d) for d in dims.split(",") if d)
               for t, dims in re.findall(r"\b([a-z]+\d*[a-z\d]*)\[([\d,]*)\]", shape))


def short(shape):
    """An HLO shape without layouts; a tuple as counts of its arrays (2 x f32[256,256])."""
    arrays = re.findall(r"[a-z]+\d*[a-z\d]*\[[\d,]*\]", shape)
    if not shape.startswith("("):
        return arrays[0]
    return " + ".join(f"{n} x {a}" for a, n in collections.Counter(arrays).items())


hlo = jax.jit(function).lower(*args).compile().as_text()
shapes = dict(re.findall(r"^\s*(?:ROOT )?%(\S+) = (\(.*?\)|\S+) ", hlo, re.MULTILINE))  # name -> shape
counts = collections.Counter()
print(f"{'kind':18} {'instruction':18} {'result shape':18} {'operand bytes':>13} {'result bytes':>12}  groups")
for line in hlo.splitlines():
    found = re.match(r"\s*(?:ROOT )?%(\S+) = (\(.*?\)|\S+) (" + "|".join(KINDS) + r")(?:-start)?\((.*?)\)", line)
    if not found:
        continue
    name, shape, kind, operands = found.groups()
    if "-start(" in line and shape.startswith("("):  # an async start holds (operands, results, ...): keep the results
        shape = re.findall(r"\([^()]*\)|[a-z]+\d*[a-z\d]*\[[\d,]*\](?:\{[^}]*\})?", shape[1:-1])[1]
    counts[kind] += 1
    names = re.sub(r"/\*.*?\*/", "", operands).replace("%", "").split(",")  # drop /*index=5*/
    operand_bytes = sum(nbytes(shapes[o.strip()]) for o in names)
    groups = re.search(r"(?:replica_groups|source_target_pairs)=(.*?)(?:, [a-z_]+=|$)", line)[1]
    print(f"{kind:18} {name:18} {short(shape):18} {operand_bytes:>13,} {nbytes(shape):>12,}  {groups}")
print("per kind:", {kind: counts[kind] for kind in KINDS})
