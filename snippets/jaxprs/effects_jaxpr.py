import jax
import jax.numpy as jnp

seen = []


def record(v):
    seen.append(v.tolist())


def f(x):
    y = jnp.sin(x)
    unused = jnp.cos(x)  # a pure value that nothing reads
    jax.debug.callback(record, y)  # a call back into Python: an effect
    return y * 2.0


x = jnp.arange(3.0)
closed = jax.make_jaxpr(f)(x)
print(closed)
print("effects of the jaxpr:", [str(effect) for effect in closed.effects])
# print_effects=True adds the effects after the outputs; source_info=True adds locations
print(closed.jaxpr.pretty_print(print_effects=True, source_info=True))
