import os
import subprocess
import sys
import tempfile
from collections import Counter

import jax
import jax.monitoring

from mlp import example_batch, init_params, mlp

print("backend:", jax.devices()[0].platform)  # the backend starts here, and reads XLA_FLAGS

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

python_runs = 0


def counted_mlp(params, x):  # mlp, counting how often its Python body runs
    global python_runs
    python_runs += 1
    return mlp(params, x)


# JAX reports how long each stage took; count the events by name instead.
events = Counter()
jax.monitoring.register_event_duration_secs_listener(
    lambda name, secs, **kwargs: events.update([name.rsplit("/", 1)[-1]])
)


def step(label, thunk):
    global python_runs
    events.clear()
    python_runs = 0
    result = thunk()
    print(f"{label:40} Python runs: {python_runs}  events:", ", ".join(sorted(events)) or "none")
    return result


traced = step("jax.jit(f).trace(params, x)", lambda: jax.jit(counted_mlp).trace(params, x))
lowered = step("traced.lower()", traced.lower)
first = step("lowered.compile()", lowered.compile)
again = step("lowered.compile() again", lowered.compile)
print("  same executable:", again.runtime_executable() is first.runtime_executable())
traced2 = step("a new jax.jit(f).trace(params, x)", lambda: jax.jit(counted_mlp).trace(params, x))
fresh = step("  .lower().compile()", lambda: traced2.lower().compile())
print("  same jaxpr:", traced2.jaxpr is traced.jaxpr, "| same executable:",
      fresh.runtime_executable() is first.runtime_executable())

# jax.vmap(f) makes a new function object each time: jax.jit of it traces again
step("jax.jit(jax.vmap(f)).trace(params, x)", lambda: jax.jit(jax.vmap(counted_mlp, in_axes=(None, 0))).trace(params, x))
step("the same, built again", lambda: jax.jit(jax.vmap(counted_mlp, in_axes=(None, 0))).trace(params, x))

fast = {"xla_cpu_enable_fast_math": True}
step("lowered.compile(options)", lambda: lowered.compile(fast))
step("lowered.compile(options) again", lambda: lowered.compile(fast))
step("lowered.compile(other options)", lambda: lowered.compile({"xla_cpu_enable_fast_math": False}))

os.environ["XLA_FLAGS"] = "--xla_dump_to=late_flags_dump"  # too late: the backend has started
jax.clear_caches()
step("after jax.clear_caches(): all stages", lambda: jax.jit(counted_mlp).lower(params, x).compile())
print("  late_flags_dump/ written with the new XLA_FLAGS:", os.path.isdir("late_flags_dump"))

# Unless the first XLA_FLAGS holds --xla_flags_reset=true: then XLA parses the variable
# again when it next reads its flags. A fresh process shows it.
child = """
import os
import jax, jax.numpy as jnp
jax.jit(lambda v: v + 1)(jnp.ones(3)).block_until_ready()
os.environ["XLA_FLAGS"] = "--xla_dump_to=reset_flags_dump"
jax.clear_caches()
jax.jit(lambda v: v * 3)(jnp.ones(3)).block_until_ready()
print(os.path.isdir("reset_flags_dump"))
"""
with tempfile.TemporaryDirectory() as scratch:  # the child's dump goes there, not into the folder you ran from
    result = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=scratch,
                            env={**os.environ, "XLA_FLAGS": "--xla_flags_reset=true"})
print("  reset_flags_dump/ written, in a process started with --xla_flags_reset=true:", result.stdout.strip())
