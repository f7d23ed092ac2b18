import jax
import jax.numpy as jnp

traces = 0


@jax.jit
def scale(x):
    global traces
    traces += 1  # a Python side effect: it runs only while JAX traces scale
    return 3.0 * x


def call(label, x):
    before = traces
    scale(x)
    verdict = "traced" if traces > before else "reused"
    print(f"{label:<28} {verdict:<20} traces so far: {traces}")


call("float32[4]", jnp.ones(4))
call("float32[4], other values", jnp.arange(4.0))
call("float32[5]", jnp.ones(5))
call("int32[4]", jnp.arange(4))
call("float32[4] again", jnp.zeros(4))
