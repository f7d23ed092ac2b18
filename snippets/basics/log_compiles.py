import logging
import re

import jax
import jax.numpy as jnp


class Collect(logging.Handler):
    """Keep JAX's log records in a list instead of printing them to stderr."""

    def __init__(self):
        super().__init__()
        self.messages = []
        self.levels = set()

    def emit(self, record):
        self.messages.append(record.getMessage())
        self.levels.add(record.levelname)


def double(x):
    return 2.0 * x


collect = Collect()
logging.getLogger("jax").addHandler(collect)
four, five = jnp.ones(4), jnp.ones(5)  # made before logging starts, so their creation is not logged

fast = jax.jit(double)
with jax.log_compiles():
    fast(four)
    fast(four)  # same shape and dtype: nothing logged
    fast(five)

for message in collect.messages:
    # The durations change from run to run; replace them so the output is stable.
    print(re.sub(r"in [0-9.e-]+ sec", "in <t> sec", message))
print("logged at level:", *sorted(collect.levels))
