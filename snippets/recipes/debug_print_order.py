import contextlib
import io
import json
import re

import jax
import jax.numpy as jnp
from jax import lax


# --8<-- [start:your-function]
def positive(v):
    jax.debug.print("positive branch sees {}", v)
    return v


def negative(v):
    jax.debug.print("negative branch sees {}", v)
    return -v


def branch(x):  # a cond with a print in each branch
    return lax.cond(x > 0, positive, negative, x)


def step(carry, x):  # a scan body that prints, in program order
    jax.debug.print("step: carry={} x={}", carry, x, ordered=True)
    return carry + x, None


def scanned(xs):
    return lax.scan(step, 0.0, xs)[0]


def loss(x):
    jax.debug.print("loss sees {}", x)
    return jnp.sum(jnp.sin(x))


xs = jnp.array([1.0, -2.0, 3.0])
cases = [  # (label, function, its arguments)
    ("scan", scanned, (xs,)),
    ("scan over no steps", scanned, (xs[:0],)),
    ("cond", branch, (xs[0],)),
    ("vmap of cond", jax.vmap(branch), (xs,)),
    ("grad", jax.grad(loss), (xs,)),
    ("grad of checkpoint", jax.grad(jax.checkpoint(loss)), (xs,)),
]
# --8<-- [end:your-function]

# Everything below works for any function that calls jax.debug.print, and any arguments.


def prints_in(jaxpr, where="top level"):
    """Each debug_print equation, inner jaxprs included: where it sits and its `ordered`."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "debug_print":
            yield where, eqn.params["ordered"]
        for key, param in eqn.params.items():
            for k, inner in enumerate(param if isinstance(param, (tuple, list)) else (param,)):
                inner = getattr(inner, "jaxpr", inner)
                if hasattr(inner, "eqns"):
                    inside = f"{eqn.primitive.name} branch {k}" if key == "branches" else eqn.primitive.name
                    yield from prints_in(inner, inside if where == "top level" else f"{where} > {inside}")


def callbacks_in(hlo):
    """Each computation that holds a Python-callback custom-call: its name, how many, how often it runs."""
    bodies = dict(re.findall(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)\n\}", hlo, re.M | re.S))
    entry = re.search(r"^ENTRY %(\S+)", hlo, re.M)[1]
    runs = {entry: (1, False, "ENTRY")}  # computation -> (times it runs, under a branch?, what it is)
    todo = [entry]
    while todo:
        parent = todo.pop()
        times, branch, _ = runs[parent]
        for line in bodies[parent].splitlines():
            op = re.search(r" (while|conditional|call)\(", line)
            if not op:
                continue
            if op[1] == "while":
                trip = re.search(r'"known_trip_count":\{"n":"(\d+)"\}', line)
                inner = {re.search(r"body=%([\w.\-]+)", line)[1]:
                         (times * int(trip[1]) if trip and times else None, branch,
                          f"a while body (trip count {trip[1] if trip else 'unknown'})")}
            elif op[1] == "call":
                inner = {re.search(r"to_apply=%([\w.\-]+)", line)[1]: (times, branch, "a called computation")}
            else:
                targets = re.findall(r"%([\w.\-]+)", re.search(r"branch_computations=\{([^}]*)\}", line)[1])
                inner = {t: (times, True, f"branch {k} of a conditional") for k, t in enumerate(targets)}
            runs.update(inner)
            todo.extend(inner)
    return [(len(re.findall(r'custom_call_target="xla_ffi_python_\w*callback', body)), *runs.get(name, (None, False, name)))
            for name, body in bodies.items() if "xla_ffi_python_" in body]


for label, function, args in cases:
    print(f"== {label}")
    places = list(prints_in(jax.make_jaxpr(function)(*args).jaxpr))
    for where, ordered in sorted(set(places)):
        inside = "at the top level" if where == "top level" else f"inside {where}"
        print(f"  jaxpr:  {places.count((where, ordered))} debug_print {inside}, ordered={ordered}")
    for count, times, branch, role in callbacks_in(jax.jit(function).lower(*args).compile().as_text()):
        often = "an unknown number of times" if times is None else f"{times} time(s)"
        print(f"  hlo:    {count} callback custom-call in {role}: each runs {often} per call"
              f"{' if its branch is taken' if branch else ''}")
    written = []

    class Lines(io.TextIOBase):  # jax.debug.print writes each message with one write()
        def write(self, text):
            written.append(text.rstrip("\n").replace("\n", " "))
            return len(text)

    with contextlib.redirect_stdout(Lines()):
        jax.jit(function)(*args)
        jax.effects_barrier()  # wait until every print has run
    in_order = all(ordered for _, ordered in places)
    print(f"  printed {len(written)} line(s), {'in the order printed' if in_order else 'sorted'}:")
    for line in written if in_order else sorted(written):
        print(f"    {line}")
