import jax
import jax.numpy as jnp

calls = []   # a Python list the function appends to
offset = 1.0  # a global the function reads


@jax.jit
def shift(x):
    print("print: x is", x)  # Python print
    calls.append("shift")     # Python mutation
    return x + offset         # Python global read


x = jnp.zeros(2)
print("1st call ->", shift(x), "| calls:", calls)
print("2nd call ->", shift(x), "| calls:", calls)

offset = 100.0  # change the global...
print("3rd call ->", shift(x), "| calls:", calls, "(offset is now 100, result unchanged)")

# ...a new shape forces a new trace, which reads the new value
print("new shape ->", shift(jnp.zeros(3)), "| calls:", calls)
