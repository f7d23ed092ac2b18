import functools
import logging

import jax
import jax.numpy as jnp

# --8<-- [start:your-function]
def step(x, scale):
    return jnp.tanh(x * scale).sum()


jitted = jax.jit(step)
static = jax.jit(step, static_argnums=1)  # `scale` as a static argument
# The calls your program makes, in order: (label, the jitted callable, its arguments).
calls = [
    ("f32[4], int 2", jitted, (jnp.ones(4), 2)),
    ("f32[4], int 3", jitted, (jnp.ones(4), 3)),  # another int value: same trace
    ("f32[8], int 3", jitted, (jnp.ones(8), 3)),  # a new shape
    ("f32[4], float 3.0", jitted, (jnp.ones(4), 3.0)),  # a new dtype for `scale`
    ("bf16[4], int 3", jitted, (jnp.ones(4, jnp.bfloat16), 3)),  # a new dtype for `x`
    ("static: f32[4], 2", static, (jnp.ones(4), 2)),
    ("static: f32[4], 3", static, (jnp.ones(4), 3)),  # a new static value
    # jit of a new function object each time, as a loop that wraps a lambda or closure makes:
    *[("jit(lambda), made anew", jax.jit(lambda x, s: step(x, s)), (jnp.ones(4), 2)) for _ in range(2)],
    ("f32[4], scale=3 by keyword", functools.partial(jitted, scale=3), (jnp.ones(4),)),  # a new pytree
]
# --8<-- [end:your-function]

# Everything below works for any list of calls.
jax.config.update("jax_explain_cache_misses", True)  # log why each trace-cache miss happened


class Keep(logging.Handler):
    """Collect JAX's log messages instead of printing them to stderr."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


keep = Keep()
logging.getLogger("jax").addHandler(keep)
for label, function, args in calls:
    keep.messages.clear()
    with jax.log_compiles():
        jax.block_until_ready(function(*args))
    compiled = any(m.startswith("Compiling ") for m in keep.messages)
    print(f"{label:28} {'COMPILED' if compiled else 'from the cache'}")
    for message in keep.messages:
        if message.startswith("TRACING CACHE MISS"):
            # The lines that say why: the argument and its old and new type.
            print("    " + "\n    ".join(line for line in message.splitlines()[1:] if line.strip()))
