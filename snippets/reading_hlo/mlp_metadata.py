import jax

from mlp import example_batch, init_params, mlp

# Lowering needs only shapes and dtypes, so eval_shape is enough: it creates no
# JAX array and compiles nothing (NumPy still draws the weights).
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

lowered = jax.jit(mlp).lower(params, x)
plain = lowered.as_text(dialect="hlo")
debug = lowered.as_text(dialect="hlo", debug_info=True)
print("metadata= in plain text:", "metadata=" in plain)
print("metadata= with debug_info=True:", "metadata=" in debug)
print()
# An excerpt of the debug_info=True text: the location tables at the top,
# then the first dot and the lines around it.
lines = debug.splitlines()
entry = lines.index("ENTRY main.1 {")
print("\n".join(lines[1:entry]))
print("\n".join(lines[entry : entry + 4]))
