import os

import jax
import jax.numpy as jnp
import jax.extend

print(jnp.arange(3.0).sum())  # any computation starts the CPU backend

# Too late: the backend has already read XLA_FLAGS (unset, here).
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"


def double(x):
    return 2 * x


jax.jit(double)(1.0)
print("dump/ exists after the first try:", os.path.isdir("dump"))

# Not even a fresh backend reads them again: XLA parses XLA_FLAGS once per process.
jax.extend.backend.clear_backends()
jax.jit(double)(2.0)
print("dump/ exists after clear_backends():", os.path.isdir("dump"))
