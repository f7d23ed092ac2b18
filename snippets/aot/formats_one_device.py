import jax
import jax.numpy as jnp


def f(a, b):
    return a @ b, a.sum()


a = jax.ShapeDtypeStruct((8, 16), jnp.float32)
b = jax.ShapeDtypeStruct((16, 4), jnp.float32)
compiled = jax.jit(f).lower(a, b).compile()

# Each is a pytree: (positional arguments, keyword arguments) for the inputs,
# the structure of f's result for the outputs.
print("input_shardings:", compiled.input_shardings)
print("output_shardings:", compiled.output_shardings)
print("input_formats:")
for fmt in jax.tree.leaves(compiled.input_formats):
    print("  ", fmt)
print("output_formats:")
for fmt in jax.tree.leaves(compiled.output_formats):
    print("  ", fmt)
header = compiled.as_text().splitlines()[0]
print("HLO:", header[header.index("entry_computation_layout"):])
