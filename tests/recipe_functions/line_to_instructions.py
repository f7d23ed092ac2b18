# A second function for recipes/line_to_instructions.py: bf16, 4096 elements, a helper
# defined outside the function (its instructions belong to the line that calls it), a cast
# and a cumulative sum.
def squash(v):
    return jnp.tanh(v) * 2


def model(x):
    y = squash(x) + 1
    z = y.astype(jnp.float32)
    return jnp.cumsum(z)


function, python_function = jax.jit(model), model
args = (jnp.linspace(-3, 3, 4096, dtype=jnp.bfloat16),)
