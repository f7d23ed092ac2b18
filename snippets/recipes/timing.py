import time

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def f(a, b):
    return jnp.tanh(a @ b).sum(axis=0)


args = (jnp.ones((1024, 1024)), jnp.ones((1024, 1024)))
# --8<-- [end:your-function]

# Everything below works for any function.
jitted = jax.jit(f)

start = time.perf_counter()
jax.block_until_ready(jitted(*args))  # the first call traces and compiles, then runs
first = time.perf_counter() - start

later = []  # the right way: wait for the result, repeat, keep the best
for _ in range(7):
    start = time.perf_counter()
    jax.block_until_ready(jitted(*args))
    later.append(time.perf_counter() - start)
best = min(later)

start = time.perf_counter()
out = jitted(*args)  # the wrong way: stop the clock when the call returns
returned = time.perf_counter() - start
ready_at_return = all(leaf.is_ready() for leaf in jax.tree.leaves(out))
jax.block_until_ready(out)

# Times differ from machine to machine; this page prints how they compare.
# On your machine, print them: print(f"first {first:.4f} s, best {best:.6f} s")
print("first call slower than the best later call:", first > best)
print("result ready when the call returned:", ready_at_return)
print("the call returned in under half the best time:", returned < best / 2)
