# A second function for recipes/sharding_of.py: Auto mesh axes, so that XLA's propagation
# chooses the result's sharding; bf16, 4096 elements, a 1-D mesh and a 3-D result.
mesh = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


def outer(a, b):
    return (a[:, None] * b[None, :])[None] + 1


args = (jax.device_put(jnp.ones(4096, jnp.bfloat16), NamedSharding(mesh, P("x"))),
        jax.device_put(jnp.ones(2, jnp.bfloat16), NamedSharding(mesh, P())))
function = outer
