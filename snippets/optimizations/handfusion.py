import jax
import jax.numpy as jnp

from examples import X
from hlo_stats import stats


def step_by_step(x):
    scaled = x * 0.5
    shifted = scaled + 1.0
    squashed = jnp.tanh(shifted)
    return squashed * squashed


def one_expression(x):
    return jnp.square(jnp.tanh(x * 0.5 + 1.0))


for f in (step_by_step, one_expression):
    compiled = jax.jit(f).lower(X).compile()
    s = stats(compiled.as_text())
    print(f"{f.__name__:>14}: ENTRY {dict(s['entry_opcodes'])}, everything {sorted(s['all_opcodes'].items())}")
