import gzip
import json
import pathlib
import re
import tempfile
from collections import defaultdict

import jax
import jax.numpy as jnp

# --8<-- [start:your-function]
def attention_scores(q, k):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(scores, axis=-1)


function = jax.jit(attention_scores)
args = (jnp.ones((1024, 1024)), jnp.ones((1024, 1024)))
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments.
compiled = function.lower(*args).compile()
hlo = compiled.as_text()
module = re.match(r"HloModule (\S+?),", hlo).group(1)  # the name the trace files its ops under
jax.block_until_ready(function(*args))  # compile outside the trace

with tempfile.TemporaryDirectory() as folder:
    with jax.profiler.trace(folder):
        for _ in range(10):
            jax.block_until_ready(function(*args))
    trace_file = next(pathlib.Path(folder).glob("plugins/profile/*/*.trace.json.gz"))
    events = json.load(gzip.open(trace_file))["traceEvents"]

# One event per execution of an HLO instruction: args.hlo_op names it, dur is in microseconds.
total, calls, runs = defaultdict(float), defaultdict(int), set()
for event in events:
    if event.get("args", {}).get("hlo_module") == module:
        total[event["args"]["hlo_op"]] += event["dur"]
        calls[event["args"]["hlo_op"]] += 1
        runs.add(event["args"]["run_id"])  # one id per execution of the module
ranked = sorted(total, key=total.get, reverse=True)
whole = sum(total.values())


def share(op):  # classes, not percentages: measured times change from run to run and machine to machine
    fraction = total[op] / whole
    return "over 50%" if fraction > 0.5 else "10% to 50%" if fraction >= 0.1 else "under 10%"


order = ["over 50%", "10% to 50%", "under 10%"]
print(f"{module}: {len(ranked)} ops traced over {len(runs)} executions")
print(f"{'op':32} {'calls':>5}  share of the time")
for op in sorted(ranked, key=lambda op: (order.index(share(op)), op)):  # by class, then by name
    print(f"{op:32} {calls[op]:5}  {share(op)}")
top = ranked[0]
print("slowest op:", top)
line = re.search(rf"^\s*(?:ROOT )?%{re.escape(top)} = .*$", hlo, re.MULTILINE).group(0).strip()
print(line)
called = re.search(r"calls=%([\w.-]+)", line)
if called:  # a fusion: the computation it runs
    print(re.search(rf"^%{re.escape(called.group(1))} .*?^}}", hlo, re.MULTILINE | re.DOTALL).group(0))
