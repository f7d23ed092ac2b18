import jax
import jax.numpy as jnp

traces = 0


def power(x, n):
    global traces
    traces += 1
    return x**n


f = jax.jit(power, static_argnums=1)

calls = [
    ("f(ones(3), 2)", lambda: f(jnp.ones(3), 2)),
    ("f(zeros(3), 2)", lambda: f(jnp.zeros(3), 2)),   # new values only: reused
    ("f(ones(3), 3)", lambda: f(jnp.ones(3), 3)),     # new static value: traced
    ("f(ones(4), 3)", lambda: f(jnp.ones(4), 3)),     # new shape: traced
    ("f(ones(3), 2) again", lambda: f(jnp.ones(3), 2)),  # seen before: reused
]
for label, call in calls:
    before = traces
    call()
    print(f"{label:<22} {'traced' if traces > before else 'reused'}")
print("total traces:", traces)
