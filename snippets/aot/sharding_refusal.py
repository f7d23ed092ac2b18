import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"

import jax  # noqa: E402
import jax.monitoring  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

traces = compiles = 0


def f(a):
    global traces
    traces += 1  # runs only when JAX traces f
    return 2 * a


def count_compiles(name, secs, **kwargs):
    global compiles
    # Recorded for a compile, and also for a load from the persistent cache (none is set here).
    compiles += name.endswith("backend_compile_duration")


jax.monitoring.register_event_duration_secs_listener(count_compiles)

mesh = jax.make_mesh((2,), ("x",))
rows = NamedSharding(mesh, P("x", None))
compiled = jax.jit(f).lower(jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=rows)).compile()
jitted = jax.jit(f)

x = np.arange(128, dtype=np.float32).reshape(8, 16)
cases = {
    "split by rows": jax.device_put(x, rows),
    "replicated": jax.device_put(x, NamedSharding(mesh, P())),
    "split by columns": jax.device_put(x, NamedSharding(mesh, P(None, "x"))),
    "a NumPy array": x,
    "jnp.asarray, not committed": jnp.asarray(x),
}
for label, arg in cases.items():
    print(f"{label}:")
    try:
        out = compiled(arg)
        print(f"  Compiled: accepted, result {jax.typeof(out)}")
    except Exception as e:
        print(f"  Compiled: {type(e).__name__}:", str(e).replace("\n", "\n    "))
    traces = compiles = 0
    out = jitted(arg)
    print(f"  jit: traced {traces}, compiled {compiles} time(s), result {jax.typeof(out)}")

moved = jax.device_put(cases["replicated"], compiled.input_shardings[0][0])
print("replicated, then moved with jax.device_put:", "accepted, result", jax.typeof(compiled(moved)))

# the check does not depend on the axis type: the same refusal on a mesh whose axis is Auto
auto = jax.make_mesh((2,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
on_auto = jax.jit(f).lower(jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(auto, P("x", None)))).compile()
try:
    on_auto(jax.device_put(x, NamedSharding(auto, P())))
except ValueError as e:
    print("Auto axis, compiled for rows, called replicated: ValueError:", str(e).splitlines()[0])
