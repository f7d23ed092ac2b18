import jax
import jax.numpy as jnp
import numpy as np


def times_one(x):
    return x * jnp.asarray(1, x.dtype)


def plus_zero(x):
    return x + jnp.asarray(0, x.dtype)


def constants(x):
    two, three = jnp.asarray(2, x.dtype), jnp.asarray(3, x.dtype)
    return x * (two + three * jnp.ones(x.shape, x.dtype))


# The operations left after the conversion to HLO, by element type, on an array of 4
print(f"{'dtype':10} {'x * 1':>8} {'x + 0':>8} {'x * (2 + 3 * ones)':>20}")
for dtype in (jnp.float32, jnp.bfloat16, jnp.int16, jnp.complex64):
    x = jax.ShapeDtypeStruct((4,), dtype)
    left = []
    for f in (times_one, plus_zero, constants):
        hlo = jax.jit(f).lower(x).as_text(dialect="hlo")
        left.append(f"{hlo.count(' multiply(')} mul {hlo.count(' add(')} add")
    print(f"{jnp.dtype(dtype).name:10} {left[0]:>8} {left[1]:>8} {left[2]:>20}")

# x + 0.0 is not a no-op for x = -0.0 (IEEE: -0.0 + 0.0 = +0.0), yet the conversion removes it
x = np.array([-0.0], np.float32)
print("sign bit of -0.0 + 0.0:  NumPy", bool(np.signbit(x + np.float32(0))[0]),
      "| jax.jit", bool(np.signbit(jax.jit(plus_zero)(x))[0]))
