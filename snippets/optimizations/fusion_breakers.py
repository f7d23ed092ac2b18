import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from examples import X
from hlo_stats import stats
import target


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


def entry_counts(f, x):
    entry = stats(target.compile(f, x).as_text())["entry_opcodes"]
    return {op: n for op, n in sorted(entry.items()) if op not in ("parameter", "constant")}


for f in (plain, with_debug_print, with_pure_callback, with_loop):
    print(f"{f.__name__:>18}: {entry_counts(f, X)}")
big = np.ones((512, 512), np.float32)
same = all(entry_counts(f, big) == entry_counts(f, X) for f in (plain, with_debug_print, with_pure_callback, with_loop))
print(f"{'same at 512x512':>18}: {same}")
loop_text = target.compile(with_loop, X).as_text()
print(f"{'with_loop, whole':>18}: while {loop_text.count(' while(')}, small call "
      f"{loop_text.count('xla_cpu_small_call')}")
