import jax

from mlp import example_batch, init_params, loss

params = init_params(jax.random.key(0))
x, y = example_batch()

lowered = jax.jit(loss).lower(params, x, y)
text = lowered.as_text(dialect="hlo")
# Excerpt: the reduction's computation and the ENTRY lines after the second dot.
lines = text.splitlines()
region_end = lines.index("}")
print("\n".join(lines[2 : region_end + 1]))
start = next(i for i, line in enumerate(lines) if "y.1 = " in line)
print("...")
print("\n".join(lines[start:]))
