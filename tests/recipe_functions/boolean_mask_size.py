# A second function for recipes/boolean_mask_size.py: a rank-2 bfloat16 input, a mask over
# rows, and jnp.unique and jnp.argwhere (one row of indices per kept element), where the page
# masks a float32 vector with jnp.nonzero.
def f(x):
    return x[x.max(axis=1) > 0]  # the rows with a positive element


K = 3
attempts = [
    ("x[x.max(axis=1) > 0]", f),
    ("jnp.unique(x)", lambda x: jnp.unique(x)),
    ("jnp.argwhere(x > 0)", lambda x: jnp.argwhere(x > 0)),
    ("jnp.unique(x, size=K, fill_value=0)", lambda x: jnp.unique(x, size=K, fill_value=0)),
    ("jnp.argwhere(x > 0, size=K, fill_value=-1)", lambda x: jnp.argwhere(x > 0, size=K, fill_value=-1)),
    ("jnp.where(x.max(axis=1, keepdims=True) > 0, x, 0)", lambda x: jnp.where(x.max(axis=1, keepdims=True) > 0, x, 0)),
]
inputs = [
    jnp.array([[0.0, 3.0, 0.0], [-1.0, -2.0, 0.0]], jnp.bfloat16),
    jnp.array([[1.0, 2.0, 3.0], [4.0, 0.5, -1.0]], jnp.bfloat16),
]
