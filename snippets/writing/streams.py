import os
import sys

import jax
import jax.numpy as jnp

print("1. print")
sys.stdout.write("2. sys.stdout.write\n")
print("3. to stderr", file=sys.stderr)
os.write(1, b"4. os.write straight to file descriptor 1\n")


@jax.jit
def double(x):
    jax.debug.print("5. jax.debug.print, from inside compiled code: x = {}", x)
    return 2 * x


double(jnp.arange(3))
