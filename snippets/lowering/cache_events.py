from collections import Counter

import jax
import jax.monitoring

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

# JAX reports how long each stage took; count the events by name instead.
events = Counter()
jax.monitoring.register_event_duration_secs_listener(
    lambda name, secs, **kwargs: events.update([name.rsplit("/", 1)[-1]])
)


def step(label, thunk):
    events.clear()
    result = thunk()
    print(f"{label:34}", dict(sorted(events.items())) or "nothing")
    return result


lowered = step("jax.jit(mlp).lower(params, x)", lambda: jax.jit(mlp).lower(params, x))
first = step("lowered.compile()", lowered.compile)
again = step("lowered.compile() again", lowered.compile)
fresh = step("a new jax.jit(mlp), lower, compile", lambda: jax.jit(mlp).lower(params, x).compile())
print("same executable:", first.runtime_executable() is fresh.runtime_executable())
jax.clear_caches()
step("after jax.clear_caches()", lambda: jax.jit(mlp).lower(params, x).compile())
