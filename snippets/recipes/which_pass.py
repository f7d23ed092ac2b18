import re
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.sharding import SingleDeviceSharding

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
def scores(x, w):
    y = (x @ w.T) / 4.0
    return y / y.sum(axis=-1, keepdims=True)


function = jax.jit(scores)
args = (jnp.ones((64, 32)), jnp.ones((16, 32)))
opcodes = ("divide", "transpose", "multiply")  # the opcodes to follow through the passes
# --8<-- [end:your-function]

# Everything below works for any jitted function, arguments and opcodes.
device = target.devices(1)[0]  # the CPU, or a TPU or GPU compiled for without the chip
shapes = [jax.ShapeDtypeStruct(jnp.shape(a), jnp.result_type(a), sharding=SingleDeviceSharding(device)) for a in args]
with tempfile.TemporaryDirectory() as folder:
    # A snapshot at each pipeline's start and after every pass that changed the module.
    function.trace(*shapes).lower().compile({"xla_dump_to": folder, "xla_dump_hlo_pass_re": ".*"})
    snapshots = sorted(Path(folder).glob("module_*.[0-9][0-9][0-9][0-9].*.txt"))
    texts = [(path.name, path.read_text()) for path in snapshots]


def count(text, opcode):  # instructions with this opcode, in every computation of the module
    return sum(f" {opcode}(" in line for line in text.splitlines() if " = " in line)


rows, before = [], None
for name, text in texts:
    counts = [count(text, op) for op in opcodes]
    if counts != before:  # this snapshot's pass changed a count (the first row: where the counts start)
        # NNNN.pipeline.after_pass: the name without the module (and a TPU's cl_ build number) and the next pass
        step = re.sub(r"^module_\d+\.[^.]+\.(?:cl_\d+\.)?|(\.after_[\w-]+)\.before_.*$|\.txt$", lambda m: m[1] or "", name)
        rows.append((step, counts))
    before = counts
width = max(len(step) for step, _ in rows)
print(f"{len(texts)} snapshots; the first, and those where a count changed:")
print(f"{'snapshot':{width}}" + "".join(f"{op:>11}" for op in opcodes))
for step, counts in rows:
    print(f"{step:{width}}" + "".join(f"{n:>11}" for n in counts))
