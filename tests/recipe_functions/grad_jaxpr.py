# A second function for recipes/grad_jaxpr.py: tiny (3 elements), bf16, one argument, a custom-JVP relu.
def f(x):
    return jnp.sum(jax.nn.relu(x) * jnp.sin(x))


args = (jnp.array([1.0, -2.0, 3.0], jnp.bfloat16),)
