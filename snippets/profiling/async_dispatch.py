import time

import jax
import jax.numpy as jnp

from timing import best_time


@jax.jit
def step(a):
    return jnp.tanh(a @ a) @ a  # two 1024x1024 products: about 4.3 GFLOP


a = jnp.ones((1024, 1024), jnp.float32)
step(a).block_until_ready()  # compile once, outside the timings

# Wrong: stop the clock as soon as the call returns.
returned = []
for _ in range(5):
    start = time.perf_counter()
    y = step(a)  # returns as soon as the work is queued
    returned.append(time.perf_counter() - start)
    y.block_until_ready()  # let it finish before the next try
# Right: stop the clock when the result exists.
finished = best_time(step, a, repeats=5)

print("the call returns at least 20x sooner than the result is ready:",
      min(returned) * 20 < finished)

# The same mistake in a loop: ten calls "take" almost nothing,
# and the wait happens wherever the result is first needed.
start = time.perf_counter()
ys = [step(a) for _ in range(10)]
queued = time.perf_counter() - start
ys[-1].block_until_ready()
total = time.perf_counter() - start
print("queueing 10 steps took under a tenth of running them:", queued * 10 < total)

# Is the result there when the call returns? Each call is waited for before the next.
tiny = jax.jit(lambda v: v + 1)  # 4 flops
v = jnp.ones(4, jnp.float32)
tiny(v).block_until_ready()
# A large program with no flops: a transpose only moves data (16 MiB here).
transpose = jax.jit(lambda m: m.T)
m = jnp.ones((2048, 2048), jnp.float32)
transpose(m).block_until_ready()
print("flops of the transpose in its cost analysis:",
      transpose.lower(m).compile().cost_analysis().get("flops", 0.0))
for label, fn, arg in [("two 1024x1024 products", step, a), ("v + 1 on an f32[4]", tiny, v),
                       ("x.T on an f32[2048,2048]", transpose, m)]:
    ready = []
    for _ in range(5):
        y = fn(arg)
        ready.append(y.is_ready())
        y.block_until_ready()
    print(f"ready when the call returns, {label}: {ready}")
# The tiny program again, called while a step is still running: it waits its turn.
ready = []
for _ in range(5):
    y = step(a)
    ready.append(tiny(v).is_ready())
    y.block_until_ready()
print(f"ready when the call returns, v + 1 right after a step: {ready}")
