import logging
import re

import jax
import jax.numpy as jnp

jax.config.update("jax_explain_cache_misses", True)  # log why each cache miss happened


class Collect(logging.Handler):
    """Keep JAX's log records in a list instead of printing them to stderr."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def power(x, n):
    return x**n


collect = Collect()
logging.getLogger("jax").addHandler(collect)
four = jnp.ones(4)
power_jit = jax.jit(power, static_argnums=1)


def show(label, call):
    collect.messages.clear()
    with jax.log_compiles():
        call()
    print(f"--- {label}")
    for message in collect.messages:
        if message.startswith(("Compiling", "TRACING CACHE MISS")):
            # Object ids change from run to run; drop them.
            print(re.sub(r" id=\d+", "", message))


show("power(x, 2), n static", lambda: power_jit(four, 2))
show("power(x, 3), n static", lambda: power_jit(four, 3))
for i in range(2):
    # A new lambda on every pass: a new function to jit, whatever its argument.
    show(f"loop pass {i}: jax.jit(lambda ...)", lambda: jax.jit(lambda x: 2.0 * x)(four))
