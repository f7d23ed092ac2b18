import traceback

import jax
import jax.numpy as jnp
import numpy as np


def layer(w, x):
    return jnp.dot(w, x)  # (3, 4) by (5,): the shapes do not match


def model(w, x):
    return jax.nn.relu(layer(w, x))


def frames(mode):
    jax.config.update("jax_traceback_filtering", mode)  # JAX_TRACEBACK_FILTERING in the shell
    try:
        jax.jit(model)(np.ones((3, 4), np.float32), np.ones(5, np.float32))
    except TypeError as error:
        return error


messages = set()
for mode in ["auto", "remove_frames", "off"]:
    error = frames(mode)
    messages.add(str(error).splitlines()[0])
    stack = traceback.extract_tb(error.__traceback__)
    mine = [f"{frame.name}:{frame.lineno}" for frame in stack if frame.filename.endswith("traceback_filtering.py")]
    in_jax = [frame for frame in stack if "/jax/" in frame.filename]
    print(f"{mode}: {len(stack)} frames, {len(mine)} in this file {mine}, {len(in_jax)} inside jax")
    notes = getattr(error, "__notes__", [])
    print("    note:", notes[0].splitlines()[-1] if notes else None)
    print("    its cause:", type(error.__cause__).__name__)

print(f"\n{len(messages)} error message under the three settings:", *messages)
