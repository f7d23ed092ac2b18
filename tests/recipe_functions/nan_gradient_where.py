# A second function for recipes/nan_gradient_where.py: bf16, rank 2, and a division masked
# by where (sin(x) / x, 1 at 0), where the page's function is a log in f32 and rank 1.
def f(x):
    return jnp.where(x != 0, jnp.sin(x) / x, 1.0)


def fixed(x):
    safe = jnp.where(x != 0, x, 1.0)
    return jnp.where(x != 0, jnp.sin(safe) / safe, 1.0)


x = jnp.array([[0.0, 0.5, -2.0], [3.0, 0.0, 1.0]], jnp.bfloat16)
