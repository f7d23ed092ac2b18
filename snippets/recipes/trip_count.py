import re

import jax
import jax.numpy as jnp
from jax._src import source_info_util  # private: where an equation came from, as JAX prints it

# --8<-- [start:your-function]
def smooth(x):
    def step(c, xi):
        return 0.9 * c + 0.1 * xi, c

    last, ys = jax.lax.scan(step, 0.0, x)  # one step per row of x
    ys = jax.lax.fori_loop(0, 7, lambda i, v: v * 1.01 + i, ys)  # static bounds
    ys = jax.lax.while_loop(lambda v: v.sum() < 1e6, lambda v: v * 2 + 1, ys)  # stops on a value
    return last, ys


function = jax.jit(smooth)
args = (jnp.ones(100),)
# --8<-- [end:your-function]

# Everything below works for any jitted function and its arguments.
def loops(jaxpr):
    """Every scan and while equation, in order, including those inside other loops."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in ("scan", "while"):
            yield eqn
        for value in eqn.params.values():
            for inner in value if isinstance(value, (tuple, list)) else [value]:
                if hasattr(inner, "eqns") or hasattr(inner, "jaxpr"):
                    yield from loops(getattr(inner, "jaxpr", inner))


def line_of(text):
    return re.search(r":(\d+):", text)[1]


print("in the jaxpr:")
for eqn in loops(function.trace(*args).jaxpr.jaxpr):
    where = "line " + line_of(source_info_util.summarize(eqn.source_info))
    if eqn.primitive.name == "scan":
        print(f"  {where}: scan, length={eqn.params['length']}, unroll={eqn.params['unroll']}")
    else:
        print(f"  {where}: while, no length: its cond_jaxpr decides when it stops")

hlo = function.lower(*args).compile().as_text()
# The tables at the top of the module: stack frame -> file location -> line.
locations = dict(re.findall(r"^(\d+) \{file_name_id=\d+ function_name_id=\d+ line=(\d+)", hlo, re.MULTILINE))
frames = {frame: locations[location] for frame, location in
          re.findall(r"^(\d+) \{file_location_id=(\d+) parent_frame_id", hlo, re.MULTILINE)}
print("in the optimized HLO:")
whiles = []
for name, rest in re.findall(r"%(\S+) = .*? while\((.*)$", hlo, re.MULTILINE):
    frame = re.search(r"stack_frame_id=(\d+)", rest)
    trips = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', rest)
    whiles.append((int(frames[frame[1]]) if frame else 0, name,
                   f"known_trip_count={trips[1]}" if trips else "no known_trip_count"))
for line, name, trips in sorted(whiles):
    print(f"  line {line}: {name}, {trips}")
entry = hlo[hlo.index("\nENTRY "):]
print(f"ENTRY holds {entry.count(' while(')} of them; {entry.count('xla_cpu_small_call')} run in a call (CPU)")
