import jax

from mlp import example_batch, init_params, loss, mlp

# Lowering needs only shapes and dtypes, so eval_shape is enough: it creates no
# JAX array and compiles nothing (NumPy still draws the weights).
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)


def first_dot(text):
    """The first line of the module that holds a dot."""
    return next(line.strip() for line in text.splitlines() if " dot(" in line)


print(first_dot(jax.jit(mlp).lower(params, x).as_text(dialect="hlo")))
print(first_dot(jax.jit(loss).lower(params, x, y).as_text(dialect="hlo")))
print(first_dot(jax.jit(jax.grad(loss)).lower(params, x, y).as_text(dialect="hlo")))
