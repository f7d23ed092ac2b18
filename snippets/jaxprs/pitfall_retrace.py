import jax
import jax.numpy as jnp

traces = []


@jax.jit
def scale(v, s):
    traces.append((v.shape, str(s.aval)))  # runs only when JAX traces
    return v * s


for v, s in [
    (jnp.ones(8), 2.0),
    (jnp.ones(8), 3.0),  # same shapes and types: cached
    (jnp.ones(16), 3.0),  # new shape: traced again
    (jnp.ones(16), jnp.float32(3.0)),  # a strong f32[] instead of a weak one: again
]:
    scale(v, s)
    print(f"v:{v.shape} s:{type(s).__name__:8} -> traces so far: {len(traces)}")
print(traces)
