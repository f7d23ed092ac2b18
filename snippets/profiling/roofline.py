from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import gzip
import json
import pathlib
import re
import statistics
import time

import jax
import jax.numpy as jnp
from jax._src.lib import _jax  # private: the cost model Lowered.cost_analysis() calls
from jaxlib import _hlo  # private: parses HLO text into a module

from mlp import example_batch, init_params, mlp
from timing import best_time

params = init_params(features=512, hidden=512, outputs=512)
x, _ = example_batch(batch=512, features=512, outputs=512)
step = jax.jit(mlp)
compiled = step.lower(params, x).compile()

# --8<-- [start:costs]
# Per-fusion costs: cost_analysis() gives totals only, so each ENTRY fusion is
# copied into a module of its own (parameters, then the one fusion) and costed.
hlo = compiled.as_text()
head, entry = hlo.split("\nENTRY ")
computations = head.split("\n", 1)[1]  # every computation but ENTRY
entry = entry.split("\n}")[0]
shapes = dict(re.findall(r"%(\S+) = (\S+) ", entry))
client = jax.devices()[0].client
costs = {}
for name, shape, operands, attributes in re.findall(
        r"%(\S+) = (\S+) fusion\(([^)]*)\), (.*)", entry):
    operands = [o.strip(" %") for o in operands.split(",")]
    attributes = re.sub(r"metadata=\{[^}]*\}, ", "", attributes)
    lines = [f"p{i} = {shapes[o]} parameter({i})" for i, o in enumerate(operands)]
    args = ", ".join(f"p{i}" for i in range(len(operands)))
    lines.append(f"ROOT {name} = {shape} fusion({args}), {attributes}")
    text = f"HloModule {name}\n{computations}\nENTRY one {{\n  " + "\n  ".join(lines) + "\n}\n"
    one = _jax.hlo_module_cost_analysis(client, _hlo.hlo_module_from_text(text))
    costs[name] = (one["flops"], one["bytes accessed"])
# --8<-- [end:costs]

total = compiled.cost_analysis()
print("the per-fusion costs add up to cost_analysis():",
      sum(f for f, _ in costs.values()) == total["flops"],
      sum(b for _, b in costs.values()) == total["bytes accessed"])

# --8<-- [start:machine]
# This machine's peak: a large matrix product, the fastest of several runs.
n = 2048
a = jnp.ones((n, n), jnp.float32)
product = jax.jit(lambda a: a @ a)
peak_flops = 2 * n**3 / best_time(product, a)

# Its memory bandwidth: add 1 to 256 MB in place (donated), so 256 MB read + 256 MB written.
v = jnp.ones((64 * 2**20,), jnp.float32)
scale = jax.jit(lambda v: v + 1.0, donate_argnums=0)
v = scale(v)
times = []
for _ in range(7):
    v.block_until_ready()
    start = time.perf_counter()
    v = scale(v)
    v.block_until_ready()
    times.append(time.perf_counter() - start)
bandwidth = 2 * v.nbytes / min(times)
ridge = peak_flops / bandwidth  # flops per byte where the two limits meet
# --8<-- [end:machine]

print("the peak-rate product is a YNNPACK fusion too:",
      "__ynn_fusion" in product.lower(a).compile().as_text())
undonated = best_time(jax.jit(lambda v: v + 1.0), v)
print("the same add without donation is slower:", undonated > min(times))

# Measured: each fusion's median duration over 20 steps, from a profiler trace.
with jax.profiler.trace("profile-roofline"):
    for _ in range(20):
        step(params, x).block_until_ready()
run = max((pathlib.Path("profile-roofline") / "plugins" / "profile").iterdir())  # the newest
trace_file = next(run.glob("*.trace.json.gz"))
durations = {}
for e in json.load(gzip.open(trace_file))["traceEvents"]:
    if e.get("args", {}).get("hlo_module") == "jit_mlp":
        durations.setdefault(e["args"]["hlo_op"], []).append(e["dur"] * 1e-6)


def bucket(ratio):  # coarse on purpose: on a shared CPU the ratio moves from run to run
    return "under 1/100" if ratio < 0.01 else "over 100" if ratio > 100 else "within 100x"


print(f"{'fusion':25} {'flops':>10} {'bytes':>9} {'flops/byte':>10}  bound    measured/predicted")
predicted_sum = 0.0
for name, (flops, nbytes) in costs.items():
    intensity = flops / nbytes
    predicted = max(flops / peak_flops, nbytes / bandwidth)  # the roofline
    predicted_sum += predicted
    measured = statistics.median(durations[name])
    bound = "compute" if intensity > ridge else "memory"
    print(f"{name:25} {flops:10.0f} {nbytes:9.0f} {intensity:10.2f}  {bound:7}  {bucket(measured / predicted)}")
step_time = best_time(step, params, x)
print("whole step, measured/predicted:", bucket(step_time / predicted_sum))
