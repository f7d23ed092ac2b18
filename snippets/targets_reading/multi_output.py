import jax
import jax.numpy as jnp

import target
from hlo_lines import entry


def two_sums(x):
    return x.sum(0), (x * x).sum(0)


def exp_and_its_sum(x):
    e = jnp.exp(x)
    return e, e.sum(1)


x = jax.ShapeDtypeStruct((512, 256), jnp.float32)
for function in (two_sums, exp_and_its_sum):
    print(f"{function.__name__}:")
    print("\n".join("  " + line for line in entry(target.compile(function, x))))
