import jax
import jax.numpy as jnp

traces = 0


@jax.jit
def mean_square(x):
    global traces
    traces += 1
    return jnp.mean(x**2)


# A growing prefix: every length is a new shape, so every call traces and compiles.
data = jnp.arange(1.0, 9.0)
for n in range(1, 9):
    mean_square(data[:n])
print("growing slices: 8 calls,", traces, "traces")

# Fix: pad to one fixed length and pass a mask, so the shape never changes.
traces = 0


@jax.jit
def masked_mean_square(x, mask):
    global traces
    traces += 1
    return jnp.sum(jnp.where(mask, x**2, 0.0)) / jnp.sum(mask)


for n in range(1, 9):
    mask = jnp.arange(8) < n
    value = masked_mean_square(data, mask)
print("padded + mask:  8 calls,", traces, "trace;",
      "last value", float(value), "=", float(mean_square(data)))
