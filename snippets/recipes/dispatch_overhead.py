import re
import time

import jax
import jax.numpy as jnp
import numpy as np


# --8<-- [start:your-function]
def f(x):  # your small function
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def f_numpy(x):  # the same in NumPy, to compare with (or None)
    return np.sum(1.0 / (1.0 + np.exp(-x)))


def make_args(n):  # your arguments, at n elements
    return (np.linspace(-3.0, 3.0, n, dtype=np.float32),)


sizes = (10, 100_000)  # a small size and a large one
# --8<-- [end:your-function]

# Everything below works for any function of the arguments make_args makes.
jitted = jax.jit(f)


def per_call(fn, args, calls=100, rounds=7):
    """The best time of one call, in microseconds, each call waited for."""
    jax.block_until_ready(fn(*args))  # compile (or warm up) outside the clock
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            jax.block_until_ready(fn(*args))
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def instructions(hlo):
    """The opcode of each instruction but parameters and constants, fused ones included."""
    return [m[1] for m in re.finditer(r"^\s+(?:ROOT )?%\S+ = \S+ (\w[\w-]*)\(", hlo, re.M)
            if m[1] not in ("parameter", "constant")]


print("== what runs: the program at each size")
example = jax.tree.map(jnp.asarray, make_args(sizes[0]))
print(f"jaxpr: {len(jax.make_jaxpr(f)(*example).eqns)} equations")
programs = []  # the name of each program XLA compiles while the listener is on


def on_compile(event, duration, fun_name="", **_):
    if event == "/jax/core/compile/backend_compile_duration":
        programs.append(fun_name)


jax.clear_caches()  # so that the call below is a first call, even when this runs again
jax.monitoring.register_event_duration_secs_listener(on_compile)
jax.block_until_ready(f(*example))  # without jit: each operation compiles a program of its own
jax.monitoring.unregister_event_duration_listener(on_compile)
print(f"without jit, the first call compiled {len(programs)} programs: {' '.join(programs)}")
for n in sizes:
    args = jax.tree.map(jnp.asarray, make_args(n))
    compiled = jitted.lower(*args).compile()
    ops = instructions(compiled.as_text())
    flops = (compiled.cost_analysis() or {}).get("flops", 0.0)
    print(f"n={n:<9} {len(ops)} instructions: {' '.join(ops)}; flops={flops:.0f}")

# Times differ from machine to machine and from run to run: these are this machine's.
print("== one call, best of 7 rounds of 100 (microseconds, this machine)")
times = {}
for n in sizes:
    args = jax.tree.map(jnp.asarray, make_args(n))  # on the device already, as in a loop
    times[n] = per_call(jitted, args)
    line = f"n={n:<9} jit: {times[n]:9.1f}   no jit: {per_call(f, args):9.1f}"
    if f_numpy is not None:
        line += f"   numpy: {per_call(f_numpy, make_args(n)):9.1f}"
    print(line)
small, large = sizes
fixed = times[small] - (times[large] - times[small]) * small / (large - small)  # extrapolated to n=0
print(f"size x{large // small} -> time x{times[large] / times[small]:.1f}")
print(f"fixed part of a call (extrapolated to n=0): {fixed:.1f}, "
      f"{100 * fixed / times[small]:.0f}% of the call at n={small}, {100 * fixed / times[large]:.0f}% at n={large}")

print("== the same call with extra pytree leaves the function never reads")
args = jax.tree.map(jnp.asarray, make_args(small))
with_extra = jax.jit(lambda extra, *args: f(*args))
for leaves in (1, 100, 1000):
    extra = {f"w{i}": jnp.zeros(()) for i in range(leaves)}
    print(f"{leaves:5} extra leaves: {per_call(with_extra, (extra, *args)):9.1f}")
hlo = with_extra.lower(extra, *args).compile().as_text()
entry = hlo[hlo.index("\nENTRY "):]
total = len(jax.tree.leaves((extra, *args)))
print(f"parameters of the compiled program: {entry.count(' parameter(')} of the {total} leaves")
