import collections
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
w = jnp.linspace(-1.0, 1.0, 64).reshape(16, 4)


def f(x, i):  # one example: a window of x that starts at i, a branch on its sum, a product
    window = lax.dynamic_slice(x, (i,), (16,))
    return lax.cond(window.sum() > 0, jnp.sin, jnp.cos, window) @ w


batch = (jnp.linspace(-1.0, 1.0, 8 * 64).reshape(8, 64), jnp.arange(8) * 5)  # 8 examples, axis 0
# --8<-- [end:your-function]

# Everything below works for any function of arrays whose batch is axis 0 of every argument.
size = jax.tree.leaves(batch)[0].shape[0]
one = jax.tree.map(lambda a: a[0], batch)
forms = {
    "vmap": jax.vmap(f),
    "lax.map": lambda *b: lax.map(lambda a: f(*a), b),
    "python loop": lambda *b: jax.tree.map(lambda *r: jnp.stack(r), *[f(*jax.tree.map(lambda a: a[k], b))
                                                                      for k in range(size)]),
}
PLUMBING = {"parameter", "constant", "get-tuple-element", "tuple", "bitcast", "copy", "fusion", "call", "iota",
            "broadcast", "reshape", "concatenate", "convert", "clamp", "while",  # moves or names data
            "copy-start", "copy-done", "fusion-start", "fusion-done"}  # a copy or fusion run asynchronously
LAYOUT = re.compile(r"\{[^{}]*\}")  # a shape's layout: {1,0} on the CPU, {1,0:T(8,128)} with a TPU's tiles


def primitives(jaxpr, inside=""):
    """Each equation's primitive, inner jaxprs included; a scan's or while's body marked as such."""
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        yield inside + name + (f"[length={eqn.params['length']}]" if name == "scan" else "")
        for param in eqn.params.values():
            for inner in param if isinstance(param, tuple) else (param,):
                inner = getattr(inner, "jaxpr", inner)
                if hasattr(inner, "eqns"):
                    yield from primitives(inner, inside or ("in loop: " if name in ("scan", "while") else ""))


def work(hlo):
    """Each opcode of the optimized HLO (fused computations included) that computes: its count and shapes."""
    found = collections.defaultdict(list)
    for line in hlo.splitlines():
        m = re.match(r"\s+(?:ROOT )?%\S+ = (\([^=]*?\)|\S+?)(?:\{[^{}]*\})? ([\w-]+)\(", line)
        if m and m.group(2) not in PLUMBING and 'custom_call_target="AllocateBuffer"' not in line:  # a TPU's allocation
            found[m.group(2)].append(LAYOUT.sub("", m.group(1)))
    return ", ".join(f"{op} {len(s)} {sorted(set(s))}".replace("'", "") for op, s in sorted(found.items())) or "none"


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


def counted(names):
    return ", ".join(f"{n} {c:+d}" for n, c in sorted(names.items()) if c) or "none"


base = collections.Counter(p.split(": ")[-1] for p in primitives(jax.make_jaxpr(f)(*one).jaxpr))
print(f"one example: {', '.join(f'{p} {c}' for p, c in sorted(base.items()))}")
results, marked = {}, False
here = target.name() == "cpu" or jax.default_backend() == target.BACKEND[target.KNOWN[target.name()][0]]
for label, g in forms.items():
    jaxpr = jax.make_jaxpr(g)(*batch).jaxpr
    found = list(primitives(jaxpr))
    compiled = target.compile(g, *batch)
    hlo = compiled.as_text()
    print(f"== {label}: {len(jaxpr.eqns)} equation{'s' * (len(jaxpr.eqns) != 1)} at the top of the jaxpr")
    loops = [p for p in found if re.match(r"(in loop: )?(scan|while)", p)]
    print(f"  jaxpr loops:  {', '.join(loops) or 'none'}")
    times = size if label == "python loop" else 1
    inner = collections.Counter(p.split(": ")[-1] for p in found)
    inner.subtract({p: times * c for p, c in base.items()})
    print(f"  primitives:   one example's x{times}, then {counted(inner)}")
    trips = trip_counts(hlo)
    marked = marked or any(trip.endswith("*") for trip in trips)
    print(f"  hlo while:    {hlo.count(' while(')} (trip counts: {', '.join(trips) or 'none'})")
    print(f"  hlo work:     {work(hlo)}")
    print(f"  temp:         {compiled.memory_analysis().temp_size_in_bytes} bytes")
    results[label] = compiled(*batch) if here else None  # a device that is not here runs nothing
if marked:
    print("* from the loop's condition, i < N: this compile writes no known_trip_count")
reference = jax.tree.leaves(results["vmap"])
for label, value in results.items():
    if value is None:
        print(f"{label} gives vmap's values: not run (compiled for {target.name()}, which is not here)")
        continue
    close = all(np.allclose(a, b, rtol=1e-2, atol=1e-2) for a, b in zip(reference, jax.tree.leaves(value)))
    print(f"{label} gives vmap's values: {close}")
