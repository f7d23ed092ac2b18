import jax
import jax.numpy as jnp
from jax import lax

import target


def no_operand(p):
    return lax.cond(p, lambda: jnp.float32(1.0), lambda: jnp.float32(2.0))


def two_results(p, x, y):
    return lax.cond(p, lambda x, y: (x + y, x * y), lambda x, y: (x - y, x / y), x, y)


x = jnp.ones(4)
for f, args in [(no_operand, (True,)), (two_results, (True, x, x))]:
    text = target.compile(f, *args).as_text()
    print(f"# {f.__name__}, optimized: the conditional, the branches' headers, the get-tuple-elements")
    for line in text.splitlines():
        line = line.split(", metadata=")[0].strip()
        if " conditional(" in line or line.startswith("%region_") or " get-tuple-element(" in line:
            print("   ", line)
