import logging
import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def unrolled(x):  # a Python loop: traced 200 times, 200 steps in the program
    for _ in range(200):
        x = jnp.sin(x) * 0.9 + 0.1
    return x


def rolled(x):  # the same steps as one loop JAX traces once
    return jax.lax.fori_loop(0, 200, lambda i, x: jnp.sin(x) * 0.9 + 0.1, x)


x = jnp.ones((256, 256))
calls = [(unrolled, (x,)), (rolled, (x,))]  # (function, arguments), in the order you call them
# --8<-- [end:your-function]

# Everything below works for any list of calls.
STAGES = {  # what JAX logs at the end of each stage, and the stage's column
    r"Finished tracing (\S+) for jit in (\S+) sec": "tracing",
    r"Finished jaxpr to MLIR module conversion jit\((\S+)\) in (\S+) sec": "lowering",
    r"Finished XLA compilation of jit\((\S+)\) in (\S+) sec": "XLA compile",
}


class Keep(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


keep = Keep()
logging.getLogger("jax").addHandler(keep)
rows = {}  # function name -> {stage: seconds}
for function, args in calls:
    with jax.log_compiles():
        jax.block_until_ready(jax.jit(function)(*args))
    for message in keep.messages:
        for pattern, stage in STAGES.items():
            if found := re.match(pattern, message):
                rows.setdefault(found[1], {})[stage] = float(found[2])
    keep.messages.clear()

# Seconds change from run to run; their order holds. Each stage's rank in its row (1: the longest),
# and each function's total against the fastest one's, in classes a factor of 10 apart.
fastest = min(sum(seconds.values()) for seconds in rows.values())


def against_fastest(total):
    ratio = total / fastest
    return "the fastest" if ratio == 1 else "under 3x" if ratio < 3 else "3x to 30x" if ratio < 30 else "30x or more"


print(f"{'function':12} {'tracing':>9} {'lowering':>9} {'XLA compile':>12}  {'slowest':12} total, against the fastest")
for name, seconds in rows.items():
    order = sorted(seconds, key=seconds.get, reverse=True)
    cells = [f"{order.index(s) + 1}" if s in seconds else "-" for s in STAGES.values()]
    print(f"{name:12} {cells[0]:>9} {cells[1]:>9} {cells[2]:>12}  {order[0]:12} "
          f"{against_fastest(sum(seconds.values()))}")


def equations(jaxpr):
    """Equations, those of inner jaxprs included (a nested jit, a loop body, a branch)."""
    count = len(jaxpr.eqns)
    for eqn in jaxpr.eqns:
        for param in eqn.params.values():
            for inner in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr holds a Jaxpr
                if hasattr(inner, "eqns"):
                    count += equations(inner)
    return count


print("\nprogram size, which the durations follow:")
for function, args in {f.__name__: (f, a) for f, a in calls}.values():  # each function once
    eqns = equations(jax.make_jaxpr(function)(*args).jaxpr)
    lines = jax.jit(function).lower(*args).as_text().count("\n")
    print(f"{function.__name__:12} {eqns:5} jaxpr equations, {lines:5} lines of StableHLO")
