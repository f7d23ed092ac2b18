import logging
import re

import jax
import jax.numpy as jnp


class Collect(logging.Handler):
    """Keep JAX's log records in a list instead of printing them to stderr."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


runs = []  # one entry each time Python runs double


def double(x):
    runs.append(1)
    return 2.0 * x


collect = Collect()
logging.getLogger("jax").addHandler(collect)
# Made before logging starts, so their creation is not logged.
four, seven = jnp.ones(4), jnp.ones(7)
on_cpu0 = jax.device_put(jnp.ones(5), jax.devices()[0])  # placed explicitly: "committed"


def show(label, call):
    collect.messages.clear()
    before = len(runs)
    with jax.log_compiles():
        call()
    print(f"--- {label}: {len(collect.messages)} message(s), Python ran double {len(runs) - before} time(s)")
    for message in collect.messages:
        print("  " + re.sub(r"in [0-9.e-]+ sec", "in <t> sec", message))


show("jax.jit(double)(four)", lambda: jax.jit(double)(four))
show("a new jax.jit(double), same call", lambda: jax.jit(double)(four))
stages = {}
show("jax.jit(double).lower(seven)", lambda: stages.update(lowered=jax.jit(double).lower(seven)))
show("lowered.compile()", lambda: stages["lowered"].compile())
show("a new jax.jit(double).lower(seven)", lambda: jax.jit(double).lower(seven))
show("jax.jit(double)(on_cpu0)", lambda: jax.jit(double)(on_cpu0))
