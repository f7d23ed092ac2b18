from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import gzip
import json
import pathlib
import re

import jax

from mlp import example_batch, init_params, mlp

# The shared MLP at a realistic size: 512 examples, 512 features, hidden units and outputs.
params = init_params(features=512, hidden=512, outputs=512)
x, _ = example_batch(batch=512, features=512, outputs=512)
step = jax.jit(mlp)
step(params, x).block_until_ready()  # compile before tracing

# --8<-- [start:trace]
with jax.profiler.trace("profile-mlp"):  # a folder in the working directory
    for _ in range(10):
        step(params, x).block_until_ready()
# --8<-- [end:trace]

# Each trace is a new folder named after the time it was written: take the newest.
run = max((pathlib.Path("profile-mlp") / "plugins" / "profile").iterdir())
print("files written:")
for path in sorted(run.iterdir()):
    host = path.name.split(".")[0]
    print("  " + str(path).replace(run.name, "<run>").replace(host + ".", "<host>.", 1))
print("<run> is the time to the second, YYYY_MM_DD_HH_MM_SS:", bool(re.fullmatch(r"\d{4}(_\d\d){5}", run.name)))

# --8<-- [start:read]
trace_file = next(run.glob("*.trace.json.gz"))
events = json.load(gzip.open(trace_file))["traceEvents"]
ops = [e for e in events if e.get("args", {}).get("hlo_module") == "jit_mlp"]
traced = sorted({e["args"]["hlo_op"] for e in ops})
# --8<-- [end:read]

processes = sorted({e["args"]["name"] for e in events if e.get("name") == "process_name"})
print("processes in the trace:", processes)
print("the first op event (times left out):")
sample = min(ops, key=lambda e: e["ts"])
for key in ("ph", "name"):
    print(f"  {key}: {sample[key]!r}")
print("  args:", {k: v for k, v in sample["args"].items() if k != "run_id"})

compiled = step.lower(params, x).compile()
entry = compiled.as_text().split("\nENTRY ")[1]
fusions = sorted(re.findall(r"%(\S+) = \S+ fusion\(", entry))
print("ops in the trace:      ", traced)
print("fusions in ENTRY:      ", fusions)
print("same set:", traced == fusions)
print("events per op:", sorted({sum(e["args"]["hlo_op"] == op for e in ops) for op in traced}))
print("executions (run_id):", len({e["args"]["run_id"] for e in ops}))
hlo = compiled.as_text()
print("a tile T(...) or memory space S(...) in a layout:", bool(re.search(r"\{[0-9,]*:[^}]*[TS]\(", hlo)))
