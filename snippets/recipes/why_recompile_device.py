import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"  # two CPU devices

import logging  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


class Keep(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


keep = Keep()
logging.getLogger("jax").addHandler(keep)
def step(x):
    return jnp.tanh(x).sum()


jitted = jax.jit(step)
for device in jax.devices():  # the same shape and dtype, on another device
    x = jax.device_put(jnp.ones(4), device)
    keep.messages.clear()
    with jax.log_compiles():
        jitted(x)
    traced = any(m.startswith("Finished tracing step") for m in keep.messages)
    compiled = any(m.startswith("Finished XLA compilation of jit(step)") for m in keep.messages)
    print(f"f32[4] on {device}: {'traced' if traced else 'not traced'}, {'compiled' if compiled else 'not compiled'}")
