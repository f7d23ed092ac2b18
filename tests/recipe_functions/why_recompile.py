# A second function for recipes/why_recompile.py: another rank, dtype and size class, a
# static argument passed by position, and no Python scalars at all.
def layer(w, x, power):
    return jnp.sum((x @ w) ** power, axis=-1)


jitted = jax.jit(layer)
static = jax.jit(layer, static_argnums=2)
w16 = jnp.ones((64, 64), jnp.bfloat16)
calls = [
    ("bf16[64,64] @ bf16[8,64]", static, (w16, jnp.ones((8, 64), jnp.bfloat16), 2)),
    ("same again", static, (w16, jnp.ones((8, 64), jnp.bfloat16), 2)),
    ("batch of 4096 rows", static, (w16, jnp.ones((4096, 64), jnp.bfloat16), 2)),
    ("new static power", static, (w16, jnp.ones((8, 64), jnp.bfloat16), 3)),
    ("i16 matrices", jitted, (jnp.ones((3, 3), jnp.int16), jnp.ones((3, 3), jnp.int16), jnp.int16(2))),
    ("i16 again, new power value", jitted, (jnp.ones((3, 3), jnp.int16), jnp.ones((3, 3), jnp.int16), jnp.int16(5))),
]
