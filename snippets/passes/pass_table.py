from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
from collections import Counter
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

from pass_runs import ran_and_changed


# --8<-- [start:functions]
def dense_tanh(x, w, b):
    return jnp.tanh(x @ w + b)


def scan_decay(xs):
    def step(carry, x):
        carry = carry * 0.5 + jnp.sin(x)
        return carry, carry
    return jax.lax.scan(step, jnp.zeros(xs.shape[1:], xs.dtype), xs)[1]


def bf16_dot_sum(a, b):
    return jnp.dot(a, b, preferred_element_type=jnp.float32).sum(axis=1)


f32, bf16 = np.float32, jnp.bfloat16
no_ynn = {"xla_cpu_experimental_ynn_fusion_type": ""}  # no YNNPACK library calls
cases = {  # column: (function, arguments, compile options)
    "dense": (dense_tanh, (np.ones((8, 16), f32), np.ones((16, 32), f32), np.ones((32,), f32)), {}),
    "scan": (scan_decay, (np.ones((10, 16), f32),), {}),
    "bf16": (bf16_dot_sum, (jnp.ones((48, 48), bf16), jnp.ones((48, 48), bf16)), {}),
    "noynn": (bf16_dot_sum, (jnp.ones((48, 48), bf16), jnp.ones((48, 48), bf16)), no_ynn),
}
# --8<-- [end:functions]
order, pipelines_of, runs, changes, all_pipelines = [], {}, {}, {}, {}
for case, (fn, args, options) in cases.items():
    ran, changed, pipelines = ran_and_changed(fn, args, f"dump_{case}", options)
    print(f"{case}: {len(ran)} pass runs in {len(pipelines)} pipelines, {len(changed)} changed the module")
    for pipeline, name in ran:
        if name not in pipelines_of:
            order.append(name)
        pipelines_of.setdefault(name, {})[pipeline] = None
    all_pipelines.update(dict.fromkeys(pipelines))
    runs[case], changes[case] = Counter(n for _, n in ran), Counter(n for _, n in changed)

print()
print(f"{len(order)} passes in the order they first ran; per column, runs that changed the module/runs")
print(f"{'pass':<38}" + "".join(f"{case:>7}" for case in cases) + "  pipelines")
for name in order:
    cells = "".join(f"{changes[c][name]}/{runs[c][name]:<3}".rjust(7) for c in cases)
    print(f"{name:<38}{cells}  {', '.join(pipelines_of[name])}")

print()
print(f"{len(all_pipelines)} pipelines, in the order they first started:")
for name in all_pipelines:
    print("   ", name)

# The table prints apply-xla-transforms-N; the dumps number each instance.
numbered = {m[0] for case in cases for f in Path(f"dump_{case}_all").iterdir()
            if (m := re.search(r"apply-xla-transforms-\d+", f.name))}
print(f"\napply-xla-transforms: {len(numbered)} differently numbered names in the {len(cases)} dumps of every pass")
