import re
import time
from collections import Counter

import jax
import jax.numpy as jnp
from jax import lax
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def step(h, x):  # one step of your scan
    h = jnp.tanh(h @ W + x)
    return h, h.sum()


W = jnp.eye(8) * 0.5
init, xs, length = jnp.zeros(8), jnp.ones((64, 8)), None  # as lax.scan takes them
unrolls = (1, 2, 3, 8, True)
# --8<-- [end:your-function]

# Everything below works for any scan step, carry and xs.
steps = length if length is not None else len(jax.tree.leaves(xs)[0])
SHOWN_AS = {"cpu": "CPU", "tpu-v5e": "TPU v5e", "h100": "H100"}
SKIP = {"parameter", "constant", "bitcast", "tuple", "get-tuple-element", "copy"}


def trip_counts(hlo):
    """Each while's trip count: its known_trip_count, or else the bound its condition compares
    the counter with (`i < N`), marked `*` (a TPU v5e compile writes no known_trip_count)."""
    found = []
    for line in re.findall(r"^\s+(?:ROOT )?%\S+ = .* while\(.*$", hlo, re.M):
        known = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', line)
        if known:
            found.append(known[1])
            continue
        condition = re.search(r"condition=%([\w.-]+)", line)[1]
        body = re.search(rf"^%{re.escape(condition)} .*?\n\}}", hlo, re.M | re.S)[0]
        bound = re.search(r"%(\S+) = s32\[\]\S* constant\((\d+)\)", body)
        less = bound and re.search(rf"compare\(%\S+, %{re.escape(bound[1])}\), direction=LT", body)
        found.append(f"{bound[2]}*" if less else "?")
    return found


def body_opcodes(hlo, name):
    """Opcode -> how many instructions of the optimized module came from the function `name`."""
    table = lambda title: hlo.split(f"\n{title}\n", 1)[1].split("\n\n", 1)[0] if f"\n{title}\n" in hlo else ""
    names = dict(re.findall(r'^(\d+) "(.*)"$', table("FunctionNames"), re.M))
    location = dict(re.findall(r"^(\d+) \{file_name_id=\d+ function_name_id=(\d+)", table("FileLocations"), re.M))
    frames = {f: (loc, parent) for f, loc, parent in
              re.findall(r"^(\d+) \{file_location_id=(\d+) parent_frame_id=(\d+)", table("StackFrames"), re.M)}

    def in_body(frame):
        seen = set()
        while frame in frames and frame not in seen:  # the frame, then its callers
            seen.add(frame)
            loc, parent = frames[frame]
            if names.get(location.get(loc)) == name:
                return True
            frame = parent
        return False

    return Counter(op for op, frame in re.findall(r"^\s+(?:ROOT )?%\S+ = \S+ ([\w-]+)\(.*stack_frame_id=(\d+)", hlo, re.M)
                   if op not in SKIP and in_body(frame))


print(f"a scan of {steps} steps, optimized HLO ({SHOWN_AS.get(target.name(), target.name())}):")
print(f"{'unroll':>6} {'while':>5} {'trips':>5} {'body copies':>11}  {'instructions':>12}  body's instructions by opcode")
rows, one, marked = [], None, False
target.compile(lambda init: init, init)  # the first compile starts the backend: not timed below
for unroll in unrolls:
    start = time.perf_counter()
    compiled = target.compile(lambda init, xs: lax.scan(step, init, xs, length=length, unroll=unroll), init, xs)
    compile_s = time.perf_counter() - start
    hlo = compiled.as_text()
    trips = trip_counts(hlo)
    ops = body_opcodes(hlo, step.__name__)
    one = one or ops  # the first row, unroll=1, is one copy of the body
    # XLA may fuse an instruction away or copy it into several fusions: take the ratio to
    # one copy (unroll=1) that more of the body's opcodes share than any other, the larger on
    # a tie. A ratio of 0 is left out: it is the loop's own slicing, which a full unroll drops.
    shared = Counter(ops[op] / one[op] for op in one if ops[op])
    copies = max(shared, key=lambda ratio: (shared[ratio], ratio))
    total = len(re.findall(r"^\s+(?:ROOT )?%\S+ = ", hlo, re.M))
    counts = " ".join(f"{op}={n}" for op, n in sorted(ops.items()))
    print(f"{str(unroll):>6} {hlo.count(' while('):>5} {','.join(trips) or '-':>5} {copies:11g}  {total:12}  {counts}")
    rows.append((unroll, compiled, compile_s))
    marked = marked or any(trip.endswith("*") for trip in trips)

if marked:
    print("* from the loop's condition, i < N: this compile writes no known_trip_count")
# Times differ from machine to machine and from run to run: these are this machine's. A program
# compiled for a device that is not here cannot be called: its run time needs the chip.
here = target.name() == "cpu" or jax.default_backend() == target.BACKEND[target.KNOWN[target.name()][0]]
print("time on this machine (compile: lower + compile; run: "
      + ("best of 5 rounds of 20 calls)" if here else f"needs the {SHOWN_AS.get(target.name(), target.name())})"))
for unroll, compiled, compile_s in rows:
    if not here:
        print(f"unroll={str(unroll):5} compile {compile_s * 1e3:8.1f} ms   run not here")
        continue
    jax.block_until_ready(compiled(init, xs))
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(20):
            jax.block_until_ready(compiled(init, xs))
        best = min(best, (time.perf_counter() - start) / 20)
    print(f"unroll={str(unroll):5} compile {compile_s * 1e3:8.1f} ms   run {best * 1e6:9.1f} us")
