import jax

jax.config.update("jax_num_cpu_devices", 2)  # two CPU devices, for the last call

import jax.numpy as jnp  # noqa: E402

traces = 0
compiles = 0


def count_compiles(event, duration, **kwargs):
    global compiles
    if event == "/jax/core/compile/backend_compile_duration":  # one per XLA compilation
        compiles += 1


jax.monitoring.register_event_duration_secs_listener(count_compiles)


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
x = jax.device_put(jnp.ones(4), jax.devices()[1])  # the same type, committed to device 1
before = compiles
call("float32[4] on device 1", x)
print("XLA compilations for that call:", compiles - before)
