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


def scale(x, s):
    return x * s


collect = Collect()
logging.getLogger("jax").addHandler(collect)
# Made before logging starts: creating them compiles small programs of their own.
x4, x5 = jnp.ones(4), jnp.ones(5)
strong_two = jnp.float32(2)  # float32, not weakly typed
weak_two = jnp.array(2.0)  # float32, weakly typed like the Python float 2.0
print("jnp.float32(2) weak_type:", jax.typeof(strong_two).weak_type)
print("jnp.array(2.0) weak_type:", jax.typeof(weak_two).weak_type)

scale_jit = jax.jit(scale)
compilations = 0


def show(label, call):
    global compilations
    collect.messages.clear()
    with jax.log_compiles():
        call()
    compilations += sum(m.startswith("Compiling") for m in collect.messages)
    print(f"--- {label:28} compilations: {compilations}  cache size: {scale_jit._cache_size()}")
    for message in collect.messages:
        if message.startswith("TRACING CACHE MISS"):
            # Object ids change from run to run; drop them.
            print(re.sub(r" id=\d+", "", message))


show("scale(x4, 1)", lambda: scale_jit(x4, 1))
show("scale(x4, 2)", lambda: scale_jit(x4, 2))
show("scale(x4, 3)", lambda: scale_jit(x4, 3))
show("scale(x5, 1)", lambda: scale_jit(x5, 1))
show("scale(x4, 2.0)", lambda: scale_jit(x4, 2.0))
show("scale(x4, 0.5)", lambda: scale_jit(x4, 0.5))
show("scale(x4, jnp.float32(2))", lambda: scale_jit(x4, strong_two))
show("scale(x4, jnp.array(2.0))", lambda: scale_jit(x4, weak_two))
