import jax.numpy as jnp

import target


def dense(x, w, b):
    return jnp.maximum(x @ w + b, 0.0)


x, w, b = jnp.ones((128, 256)), jnp.ones((256, 512)), jnp.ones(512)
compiled = target.compile(dense, x, w, b)  # for the CPU here; LIVE_TARGET=tpu-v5e or h100 for those
entry = compiled.as_text().split("\nENTRY ", 1)[1]
print("ENTRY " + entry.strip())
