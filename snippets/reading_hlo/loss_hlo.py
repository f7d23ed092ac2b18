import jax

from mlp import example_batch, init_params, loss

# Lowering needs only shapes and dtypes, so eval_shape is enough: it creates no
# JAX array and compiles nothing (NumPy still draws the weights).
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

lowered = jax.jit(loss).lower(params, x, y)
text = lowered.as_text(dialect="hlo")
# Excerpt: the reduction's computation and the ENTRY lines after the second dot.
lines = text.splitlines()
region_end = lines.index("}")
print("\n".join(lines[2 : region_end + 1]))
start = next(i for i, line in enumerate(lines) if "y.1 = " in line)
print("...")
print("\n".join(lines[start:]))
