import re

import jax
import jax.numpy as jnp
from jax import lax

import target


def doubling(x):
    return lax.while_loop(lambda v: v[0] < 100, lambda v: v * 2, x)


def three_halvings(x):
    return lax.fori_loop(0, 3, lambda i, v: v * 0.5, x)


for f in (doubling, three_halvings):
    text = target.compile(f, jnp.ones(4)).as_text()
    names = sorted(set(re.findall(r'op_name="([^"]*/while/body/[^"]*)"', text)))
    print(f"{f.__name__}: {names}")
