import jax
import jax.numpy as jnp


def double(x):
    return x * 2


attempts = [
    ("vector output", lambda: jax.grad(double)(jnp.ones(3))),
    ("integer input", lambda: jax.grad(double)(3)),
    ("float input", lambda: jax.grad(double)(3.0)),
]
for label, attempt in attempts:
    try:
        print(f"{label}: {attempt()}")
    except Exception as e:
        print(f"{label}: {type(e).__name__} {e}")
