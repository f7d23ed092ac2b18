import jax
import jax.monitoring
import jax.numpy as jnp
import numpy as np

traces = compiles = 0


def f(p):
    global traces
    traces += 1  # runs only when JAX traces f
    return p["x"] * p["s"]


def count_compiles(name, secs, **kwargs):
    global compiles
    # Recorded for a compile, and also for a load from the persistent cache (none is set here).
    compiles += name.endswith("backend_compile_duration")


jax.monitoring.register_event_duration_secs_listener(count_compiles)


def describe(v):
    if isinstance(v, np.ndarray):
        return f"NumPy {v.dtype}{list(v.shape)}"
    if isinstance(v, float):
        return f"Python float, {jax.typeof(v)!r}"
    return repr(jax.typeof(v))


p = {"x": jnp.ones(4, jnp.float32), "s": jnp.float32(2)}
compiled = jax.jit(f).lower(p).compile()
print("compiled for:", compiled.in_avals)
jitted = jax.jit(f)
jitted(p)  # jit's first call traces and compiles for p's types

others = {
    "shape": {"x": jnp.ones(5, jnp.float32), "s": p["s"]},
    "dtype": {"x": jnp.ones(4, jnp.int32), "s": p["s"]},
    "weak type": {"x": p["x"], "s": 2.0},
    "Python int": {"x": p["x"], "s": 2},
    "NumPy float64": {"x": np.ones(4), "s": p["s"]},
    "pytree": {"x": p["x"], "s": p["s"], "unused": p["s"]},
}
for label, q in others.items():
    print()
    print(f"{label}: {jax.tree.map(describe, q)}")
    try:
        out = compiled(q)
        print(f"  Compiled: accepted, result {jax.typeof(out)!r}")
    except Exception as e:
        message = str(e).replace(" Perhaps you are calling the compiled executable with a "
                                 "different enable_x64 mode than when it was AOT compiled?", "")
        print(f"  Compiled: {type(e).__name__}:", message.replace("\n", "\n    "))
    traces = compiles = 0
    jitted(q)
    print(f"  jit: traced {traces} time(s), compiled {compiles} time(s)")

# a Python float is a weak float32[]: it matches a float32[] scalar, not a bfloat16[] one
print()
p16 = {"x": jnp.ones(4, jnp.bfloat16), "s": jnp.bfloat16(2)}
try:
    jax.jit(f).lower(p16).compile()({"x": p16["x"], "s": 2.0})
except TypeError as e:
    print("compiled for bfloat16, s=2.0: TypeError:", str(e).splitlines()[-1].strip())
print("jax.jit(f) for bfloat16, s=2.0:", jax.typeof(jitted({"x": p16["x"], "s": 2.0})))

# a NumPy float64 array becomes float32 (64-bit types are off): a float16 program refuses it
p16 = {"x": jax.ShapeDtypeStruct((4,), jnp.float16), "s": jax.ShapeDtypeStruct((), jnp.float16)}
try:
    jax.jit(f).lower(p16).compile()({"x": np.ones(4), "s": jnp.float16(2)})
except TypeError as e:
    print("compiled for float16, NumPy float64 x: TypeError:", str(e).splitlines()[-1].strip())
