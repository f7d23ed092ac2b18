import jax
import jax.numpy as jnp


def f(x, y):
    return 2 * x + y


x = jnp.arange(4, dtype=jnp.float32)
y = jnp.ones(4, jnp.float32)

traced = jax.jit(f).trace(x, y)  # (1)!
lowered = traced.lower()  # (2)!
compiled = lowered.compile()  # (3)!

# What each stage offers: its public attributes and methods
for stage in (traced, lowered, compiled):
    names = [name for name in dir(stage) if not name.startswith("_")]
    print(f"{type(stage).__name__}:", ", ".join(names))

print()
print("traced.jaxpr:", traced.jaxpr)
print("traced.out_info:", traced.out_info)
print("lowered.in_avals:", lowered.in_avals)
print("compiled.out_info:", compiled.out_info)
print("compiled(x, y):", compiled(x, y))  # (4)!
