import jax
import jax.numpy as jnp
import numpy as np

from examples import X
from hlo_stats import stats
import target


def step_by_step(x):
    scaled = x * 0.5
    shifted = scaled + 1.0
    squashed = jnp.tanh(shifted)
    return squashed * squashed


def one_expression(x):
    return jnp.square(jnp.tanh(x * 0.5 + 1.0))


for f in (step_by_step, one_expression):
    compiled = target.compile(f, X)
    s = stats(compiled.as_text())
    print(f"{f.__name__:>14}: ENTRY {dict(s['entry_opcodes'])}, everything {sorted(s['all_opcodes'].items())}")

# The same comparison at 512x512, where the CPU backend fuses some things differently.
big = np.ones((512, 512), np.float32)
counts = [stats(target.compile(f, big).as_text()) for f in (step_by_step, one_expression)]
print("same counts at 512x512:", counts[0] == counts[1], dict(counts[0]["fusion_kinds"]))
