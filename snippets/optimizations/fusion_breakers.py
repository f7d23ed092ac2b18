import jax
import jax.numpy as jnp
from jax import lax

from examples import X
from hlo_stats import stats


def plain(x):
    y = jnp.exp(x) * 2.0
    return jnp.sin(y) + 1.0


def with_debug_print(x):
    y = jnp.exp(x) * 2.0
    jax.debug.print("y[0, 0] = {}", y[0, 0])  # a host callback in the middle
    return jnp.sin(y) + 1.0


def with_pure_callback(x):
    y = jnp.exp(x) * 2.0
    y = jax.pure_callback(lambda a: a, jax.ShapeDtypeStruct(y.shape, y.dtype), y)
    return jnp.sin(y) + 1.0


def with_loop(x):
    y = jnp.exp(x) * 2.0
    y = lax.fori_loop(0, 3, lambda i, v: v * 0.5, y)
    return jnp.sin(y) + 1.0


for f in (plain, with_debug_print, with_pure_callback, with_loop):
    entry = stats(jax.jit(f).lower(X).compile().as_text())["entry_opcodes"]
    shown = {op: n for op, n in sorted(entry.items()) if op not in ("parameter", "constant")}
    print(f"{f.__name__:>18}: {shown}")
