import jax
import jax.numpy as jnp


def double(x):
    return x * 2


attempts = [
    ("vector output", lambda: jax.grad(double)(jnp.ones(3))),
    ("integer input", lambda: jax.grad(double)(3)),
    ("float input", lambda: jax.grad(double)(3.0)),
    ("complex input", lambda: jax.grad(lambda z: jnp.abs(z) ** 2)(1.0 + 1.0j)),
    ("complex output", lambda: jax.grad(lambda z: z**2)(1.0 + 1.0j)),
    ("complex output, holomorphic=True", lambda: jax.grad(lambda z: z**2, holomorphic=True)(1.0 + 1.0j)),
    ("integer input, allow_int=True", lambda: jax.grad(lambda n: n * 2.0, allow_int=True)(3).dtype),
]
for label, attempt in attempts:
    try:
        print(f"{label}: {attempt()}")
    except Exception as e:
        print(f"{label}: {type(e).__name__} {e}")
